import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { bookHotel, firstRate, hotelBookingBody, LONDON, stay } from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp, testCatalogue } from '../../../../test/helpers/test-app.ts';
import { generateHotels } from '../index.ts';

/** Rates paid at the hotel: sold without taking money, and so told to the client at every step. */
describe('pay-at-hotel rates', () => {
  let t: TestApp;
  let hotelCode: string;
  before(async () => {
    t = await buildTestApp();
    const file = generateHotels(testCatalogue(), 'S', t.clock.now().toISOString().slice(0, 10));
    const hotel = file.hotels.find((h) => h.city_id === LONDON)!;
    hotelCode = hotel.code;
    hotel.rate_plans = hotel.rate_plans.map((p) => ({ ...p, payment: 'pay_at_hotel' as const }));
    await t.hotels.importHotels(file);
    await t.hotels.refreshIndex();
  });
  after(() => t.close());

  it('books a pay-at-hotel rate with no payment, refuses one with a payment, and moves no money', async () => {
    const guest = await signIn(t);
    const hotelId = (await t.hotels.repository.listActiveHotels()).find((h) => h.code === hotelCode)!.id;
    const { option } = await firstRate(
      t,
      guest.auth,
      stay(t, 20, 2, { destination: { hotel_ids: [hotelId] } }),
    );
    assert.equal(option.payment_type, 'pay_at_hotel');
    const check = await t.app.inject({
      method: 'POST',
      url: '/check_rate',
      headers: guest.auth,
      payload: { rate_key: option.rate_key },
    });
    assert.equal(check.json().quote.payment_type, 'pay_at_hotel');
    const total = { amount: option.total_amount, currency: option.currency };
    const withCard = await bookHotel(
      t,
      guest.auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], total),
    );
    assert.equal(withCard.statusCode, 400);
    assert.equal(withCard.json().errors[0].pointer, '/payment');
    const booked = await bookHotel(
      t,
      guest.auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], total, { payment: undefined }),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    assert.deepEqual([booked.json().payment_type, booked.json().payment], ['pay_at_hotel', null]);

    const quote = await t.app.inject({
      method: 'POST',
      url: '/quote_cancellation',
      headers: guest.auth,
      payload: { booking_id: booked.json().id },
    });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/cancel_booking',
      headers: guest.auth,
      payload: { booking_id: booked.json().id, quote_id: quote.json().quote_id },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().payment, null);
    assert.deepEqual(await t.ledger.sums(), [], 'no money passed through Itinera');
    assert.deepEqual(await t.storage.db.selectFrom('payments').selectAll().execute(), []);
  });

  it('still needs a payment for a pay-now rate, and refuses an unknown payment type in an import', async () => {
    const guest = await signIn(t);
    const { option } = await firstRate(t, guest.auth, stay(t, 25, 1), (o) => o.payment_type === 'pay_now');
    const unpaid = await bookHotel(
      t,
      guest.auth,
      hotelBookingBody(
        { rate_key: option.rate_key },
        [{ adults: 2 }],
        { amount: option.total_amount, currency: option.currency },
        { payment: undefined },
      ),
    );
    assert.equal(unpaid.statusCode, 400);
    assert.equal(unpaid.json().errors[0].pointer, '/payment');
    const file = generateHotels(testCatalogue(), 'S', t.clock.now().toISOString().slice(0, 10));
    (file.hotels[0]!.rate_plans[0] as { payment?: string }).payment = 'on_credit';
    await assert.rejects(t.hotels.importHotels(file), (error: any) =>
      error.extras.errors.some((e: any) => e.pointer === '/hotels/0/rate_plans/0/payment'),
    );
  });
});
