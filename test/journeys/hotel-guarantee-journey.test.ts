import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateHotels } from '../../src/modules/hotels/index.ts';
import { dayAfter } from '../helpers/flights.ts';
import { guestsFor, HOLDER, LONDON } from '../helpers/hotels.ts';
import { signInOverHttp, startTestServer } from '../helpers/listening-app.ts';
import { testCatalogue } from '../helpers/test-app.ts';

describe('a stay paid at the hotel, guaranteed by a card, over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let hotelCode: string;
  before(async () => {
    server = await startTestServer();
    const file = generateHotels(testCatalogue(), 'S', server.clock.now().toISOString().slice(0, 10));
    const hotel = file.hotels.find((h) => h.city_id === LONDON)!;
    hotelCode = hotel.code;
    hotel.rate_plans = hotel.rate_plans.map((p) => ({ ...p, payment: 'pay_at_hotel' as const }));
    await server.hotels.importHotels(file);
    await server.hotels.refreshIndex();
  });
  after(() => server.close());

  it('books with a card kept, takes nothing, and charges a no-show to it, in the ledger and invoiced', async () => {
    const guest = await signInOverHttp(server);
    const hotelId = (await server.hotels.repository.listActiveHotels()).find((h) => h.code === hotelCode)!.id;
    const found = await guest.call('POST', '/search_hotels', {
      destination: { hotel_ids: [hotelId] },
      check_in: dayAfter(server, 10),
      check_out: dayAfter(server, 12),
      rooms: [{ adults: 2 }],
      filters: { refundable_only: true },
    });
    const option = found.body.data[0].options[0];
    assert.equal(option.payment_type, 'pay_at_hotel');
    const card = await guest.call('POST', '/tokenize_card', {
      number: '5555 5555 5555 4444'.replaceAll(' ', ''),
      exp_month: 8,
      exp_year: 2031,
      cvc: '123',
    });
    assert.equal(card.status, 201, JSON.stringify(card.body));
    const booked = await guest.call(
      'POST',
      '/book_hotel',
      {
        rate_key: option.rate_key,
        holder: HOLDER,
        rooms: [{ guests: guestsFor({ adults: 2 }) }],
        expected_total: { amount: option.total_amount, currency: option.currency },
        guarantee: { type: 'card', card_token: card.body.card_token },
      },
      { 'idempotency-key': 'guaranteed-stay' },
    );
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const booking = booked.body;
    assert.deepEqual(
      [booking.payment, booking.guarantee.card.last4, booking.guarantee.card.brand],
      [null, '4444', 'mastercard'],
    );

    // The guest never comes: the day after arrival, the hotel charges what its terms allow.
    server.clock.advance(11 * 86_400);
    const admin = await signInOverHttp(server, 'admin');
    const charged = await admin.call('POST', '/charge_hotel_guarantee', {
      booking_id: booking.id,
      reason: 'no_show',
    });
    assert.equal(charged.status, 200, JSON.stringify(charged.body));
    assert.deepEqual(
      [charged.body.status, charged.body.payment.status, charged.body.payment.amount],
      ['no_show', 'paid', booking.total_amount],
    );
    assert.equal(charged.body.payment.card.last4, '4444');

    const day = server.clock.now().toISOString().slice(0, 10);
    const report = await admin.call('GET', `/sales_report?from=${day}&to=${day}`);
    const hotelLine = report.body.lines.find(
      (l: { product: string; currency: string }) => l.product === 'hotel' && l.currency === booking.currency,
    );
    assert.deepEqual([hotelLine.bookings, hotelLine.gross], [1, booking.total_amount]);
    const documents = await admin.call('GET', `/booking_documents?booking_id=${booking.id}`);
    const invoices = documents.body.data.filter((d: { type: string }) => d.type === 'invoice');
    assert.equal(invoices.length, 1, JSON.stringify(documents.body));
  });
});
