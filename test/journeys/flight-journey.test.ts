import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adult, CONTACT, dayAfter, seedFlights } from '../helpers/flights.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';

describe('a traveller’s flight journey over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  before(async () => {
    server = await startTestServer();
    await seedFlights(server);
  });
  after(() => server.close());

  it('signs in, searches one-way with a connection, return and multi-city, books, reads, updates and cancels', async () => {
    const { call } = await signInOverHttp(server);
    const slices = (...legs: Array<[string, string, number]>) =>
      legs.map(([origin, destination, d]) => ({ origin, destination, departure_date: dayAfter(server, d) }));

    const connecting = await call('POST', '/search_flight', {
      slices: slices(['DUB', 'VIE', 14]),
      passengers: { adults: 1 },
      max_connections: 1,
      sort: 'price',
      limit: 50,
    });
    assert.equal(connecting.status, 200);
    const oneStop = connecting.body.data.find((o: any) => o.slices[0].connections === 1);
    assert.ok(oneStop, 'a one-stop offer');

    const round = await call('POST', '/search_flight', {
      slices: slices(['LHR', 'MAD', 14], ['MAD', 'LHR', 21]),
      passengers: { adults: 1 },
    });
    assert.equal(round.body.data[0].slices.length, 2);
    const multi = await call('POST', '/search_flight', {
      slices: slices(['CDG', 'FCO', 14], ['FCO', 'FRA', 17], ['FRA', 'CDG', 20]),
      passengers: { adults: 1 },
    });
    assert.equal(multi.body.data[0].slices.length, 3);

    // The card goes to the gateway once, for a token; the booking names only the token.
    const card = await call('POST', '/tokenize_card', {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2031,
      cvc: '123',
    });
    assert.equal(card.status, 201, JSON.stringify(card.body));
    assert.deepEqual([card.body.brand, card.body.last4], ['visa', '4242']);
    const booked = await call(
      'POST',
      '/book_flight',
      {
        offer_id: oneStop.id,
        passengers: [adult()],
        contact: CONTACT,
        expected_total: { amount: oneStop.total_amount, currency: oneStop.total_currency },
        payment: { type: 'card', card_token: card.body.card_token },
      },
      { 'idempotency-key': `journey-${Date.now()}` },
    );
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    assert.equal(booked.body.slices[0].segments.length, 2);

    const read = await call('GET', `/booking?reference=${booked.body.reference}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.id, booked.body.id);

    const updated = await call(
      'POST',
      '/update_booking',
      { booking_id: booked.body.id, contact: { email: 'new@example.com' } },
      { 'if-match': read.etag! },
    );
    assert.equal(updated.status, 200);
    assert.equal(updated.body.contact.email, 'new@example.com');

    const quote = await call('POST', '/quote_cancellation', { booking_id: booked.body.id });
    assert.equal(quote.status, 200);
    const cancelled = await call('POST', '/cancel_booking', {
      booking_id: booked.body.id,
      quote_id: quote.body.quote_id,
    });
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.status, 'cancelled');
    assert.deepEqual(
      cancelled.body.events.map((e: any) => e.type),
      ['confirmed', 'updated', 'cancelled'],
    );
  });
});
