import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayAfter } from '../helpers/flights.ts';
import { guestsFor, HOLDER, LONDON, seedHotels } from '../helpers/hotels.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

describe('a traveller’s hotel journey over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    server = await startTestServer();
    await seedHotels(server);
  });
  after(() => server.close());

  it('signs in, searches a city, checks the rate, books two rooms, finds, reads, moves, quotes and cancels', async () => {
    const { call } = await signInOverHttp(server);

    // Where can I stay? The destination autocomplete finds London, with its hotel count.
    const places = await call('GET', '/b2c/destinations?q=lond');
    assert.equal(places.body.data[0].id, LONDON);

    const rooms = [{ adults: 2, children: [6] }, { adults: 2 }];
    const search = await call('POST', '/search_hotels', {
      destination: { city_id: LONDON },
      check_in: dayAfter(server, 21),
      check_out: dayAfter(server, 24),
      rooms,
      filters: { refundable_only: true, boards: ['bed_and_breakfast'] },
      sort: 'price',
    });
    assert.equal(search.status, 200, JSON.stringify(search.body));
    const hotel = search.body.data[0];
    const option = hotel.options[0];
    assert.equal(option.board, 'bed_and_breakfast');

    const check = await call('POST', '/check_rate', { rate_key: option.rate_key });
    assert.equal(check.body.status, 'available');
    const quote = check.body.quote;

    const order = {
      quote_id: quote.quote_id,
      holder: HOLDER,
      rooms: [
        { guests: guestsFor(rooms[0]!, 'Brontë'), special_requests: 'Cot for the little one' },
        { guests: guestsFor(rooms[1]!, 'Shelley') },
      ],
      client_reference: 'AGY-2026-118',
      expected_total: { amount: quote.total_amount, currency: quote.currency },
      payment: { type: 'card', card_token: 'tok_mastercard' },
    };
    const book = await call('POST', '/book_hotel', order, { 'idempotency-key': 'journey-stay-1' });
    assert.equal(book.status, 201, JSON.stringify(book.body));
    const booking = book.body;
    assert.equal(booking.rooms.length, 2);
    assert.equal(booking.rooms[0].child_ages[0], 6);

    // A time-out on the client? The same key answers the same booking, never a second one.
    const retry = await call('POST', '/book_hotel', order, { 'idempotency-key': 'journey-stay-1' });
    assert.equal(retry.body.id, booking.id);

    const found = await call('POST', '/search_booking', {
      name: 'bronte',
      check_in: { from: dayAfter(server, 20), to: dayAfter(server, 22) },
    });
    assert.equal(found.status, 200);
    assert.deepEqual(
      found.body.data.map((b: any) => b.id),
      [booking.id],
    );
    assert.equal(found.body.total_count, 1);

    const details = await call('GET', `/booking?id=${booking.id}`);
    assert.equal(details.body.reference, booking.reference);
    assert.ok(details.body.allowed_actions.includes('change_dates'));

    // One more night at the end, at today's rates.
    const probe = await call(
      'POST',
      '/modify_hotel_booking',
      {
        booking_id: booking.id,
        check_in: dayAfter(server, 21),
        check_out: dayAfter(server, 25),
        expected_total: { amount: booking.total_amount, currency: booking.currency },
      },
      { 'if-match': details.etag! },
    );
    assert.equal(probe.status, 409);
    assert.equal(probe.body.code, 'PRICE_CHANGED');
    const moved = await call(
      'POST',
      '/modify_hotel_booking',
      {
        booking_id: booking.id,
        check_in: dayAfter(server, 21),
        check_out: dayAfter(server, 25),
        expected_total: { amount: probe.body.total_amount, currency: booking.currency },
      },
      { 'if-match': details.etag! },
    );
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.nights, 4);
    assert.ok(moved.body.total_amount > booking.total_amount);

    const cancelQuote = await call('POST', '/quote_cancellation', { booking_id: booking.id });
    assert.equal(cancelQuote.body.penalty_amount, 0, 'still free to cancel three weeks ahead');
    assert.equal(cancelQuote.body.refund_amount, moved.body.total_amount);
    const cancelled = await call('POST', '/cancel_booking', {
      booking_id: booking.id,
      quote_id: cancelQuote.body.quote_id,
    });
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.status, 'cancelled');
    assert.deepEqual(
      cancelled.body.events.map((e: any) => e.type),
      ['confirmed', 'modified', 'cancelled'],
    );
    const after = await call('POST', '/search_booking', { statuses: ['cancelled'] });
    assert.equal(after.body.total_count, 1);
  });
});
