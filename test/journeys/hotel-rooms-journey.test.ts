import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayAfter } from '../helpers/flights.ts';
import { guestsFor, HOLDER, LONDON, seedHotels } from '../helpers/hotels.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

describe('a family’s rooms over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    server = await startTestServer();
    await seedHotels(server);
  });
  after(() => server.close());

  it('books a double and a family suite on two rates for five, cancels the double and moves the suite', async () => {
    const { call } = await signInOverHttp(server);
    const stayOf = (from: number, nights: number) => ({
      check_in: dayAfter(server, from),
      check_out: dayAfter(server, from + nights),
    });
    const first = await call('POST', '/search_hotels', {
      destination: { city_id: LONDON },
      ...stayOf(28, 3),
      rooms: [{ adults: 2 }],
      options: 'all',
    });
    const hotelId = first.body.data[0].hotel.id;

    /** Each room searched on its own at the hotel, its rate checked: a quote per room. */
    const quoteFor = async (room: object, type: string, plan: string) => {
      const found = await call('POST', '/search_hotels', {
        destination: { hotel_ids: [hotelId] },
        ...stayOf(28, 3),
        rooms: [room],
        options: 'all',
      });
      const option = found.body.data[0].options.find(
        (o: any) => o.room_type.code === type && o.rate_plan.code === plan,
      );
      assert.ok(option, `${type} on ${plan} is sold`);
      const check = await call('POST', '/check_rate', { rate_key: option.rate_key });
      assert.equal(check.body.status, 'available');
      return check.body.quote;
    };
    const double = await quoteFor({ adults: 2 }, 'STD', 'FLEX-BB');
    const suite = await quoteFor({ adults: 2, children: [9] }, 'FAM', 'FLEX-RO');
    const booked = await call(
      'POST',
      '/book_hotel',
      {
        holder: HOLDER,
        rooms: [
          { quote_id: double.quote_id, guests: guestsFor({ adults: 2 }, 'Austen') },
          { quote_id: suite.quote_id, guests: guestsFor({ adults: 2, children: [9] }, 'Darwin') },
        ],
        expected_total: { amount: double.total_amount + suite.total_amount, currency: double.currency },
        payment: { type: 'card', card_token: 'tok_visa' },
      },
      { 'idempotency-key': 'family-of-five' },
    );
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const booking = booked.body;
    assert.deepEqual(
      booking.rooms.map((r: any) => [r.room_type.code, r.rate_plan.code, r.guests.length]),
      [
        ['STD', 'FLEX-BB', 2],
        ['FAM', 'FLEX-RO', 3],
      ],
    );

    // The Austens cannot come: their room alone is cancelled, free this far ahead.
    const [doubleRoom, suiteRoom] = booking.rooms;
    const quote = await call('POST', '/quote_cancellation', {
      booking_id: booking.id,
      room_id: doubleRoom.id,
    });
    assert.deepEqual([quote.body.penalty_amount, quote.body.refund_amount], [0, double.total_amount]);
    const cancelled = await call('POST', '/cancel_booking', {
      booking_id: booking.id,
      room_id: doubleRoom.id,
      quote_id: quote.body.quote_id,
    });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.deepEqual(
      [cancelled.body.status, cancelled.body.total_amount, cancelled.body.payment.refunded_amount],
      ['confirmed', suite.total_amount, double.total_amount],
    );

    // The Darwins arrive a day later and stay as long: the suite moves, repriced on its own rate.
    const read = await call('GET', `/booking?id=${booking.id}`);
    const moved = { booking_id: booking.id, ...stayOf(29, 3) };
    const probe = await call(
      'POST',
      '/modify_hotel_booking',
      { ...moved, expected_total: { amount: 1, currency: booking.currency } },
      { 'if-match': read.etag! },
    );
    assert.equal(probe.body.code, 'PRICE_CHANGED');
    const changed = await call(
      'POST',
      '/modify_hotel_booking',
      { ...moved, expected_total: { amount: probe.body.total_amount, currency: booking.currency } },
      { 'if-match': read.etag! },
    );
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(
      [
        changed.body.check_in,
        changed.body.rooms[1].id,
        changed.body.rooms[1].status,
        changed.body.total_amount,
      ],
      [moved.check_in, suiteRoom.id, 'confirmed', probe.body.total_amount],
    );
    assert.equal(changed.body.rooms[0].status, 'cancelled', 'the cancelled double stays cancelled');
  });
});
