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
    const unguaranteed = await bookHotel(
      t,
      guest.auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], total, { payment: undefined }),
    );
    assert.equal(unguaranteed.statusCode, 400);
    assert.equal(unguaranteed.json().errors[0].pointer, '/guarantee');
    const expiring = await bookHotel(
      t,
      guest.auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], total, {
        payment: undefined,
        guarantee: { type: 'card', card_token: await tokenize(guest.auth, t.clock.now()) },
      }),
    );
    assert.equal(expiring.statusCode, 400, 'a card that expires before check-out');
    assert.equal(expiring.json().errors[0].pointer, '/guarantee/card_token');
    const booked = await bookHotel(
      t,
      guest.auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], total, {
        payment: undefined,
        guarantee: { type: 'card', card_token: 'tok_visa' },
      }),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    assert.deepEqual([booked.json().payment_type, booked.json().payment], ['pay_at_hotel', null]);
    assert.deepEqual(booked.json().guarantee, {
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
    assert.ok(
      !booked.body.includes('tgw_') && !booked.body.includes('gateway'),
      'the card token stays inside',
    );

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

  /** A card tokenized for the guest, expiring at the end of the month of `when`. */
  async function tokenize(auth: Record<string, string>, when: Date): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tokenize_card',
      headers: auth,
      payload: {
        number: '4242424242424242',
        exp_month: when.getUTCMonth() + 1,
        exp_year: when.getUTCFullYear(),
        cvc: '123',
      },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().card_token;
  }

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
    const guaranteed = await bookHotel(
      t,
      guest.auth,
      hotelBookingBody(
        { rate_key: option.rate_key },
        [{ adults: 2 }],
        { amount: option.total_amount, currency: option.currency },
        { guarantee: { type: 'card', card_token: 'tok_visa' } },
      ),
    );
    assert.equal(guaranteed.statusCode, 400);
    assert.equal(guaranteed.json().errors[0].pointer, '/guarantee');
    const file = generateHotels(testCatalogue(), 'S', t.clock.now().toISOString().slice(0, 10));
    (file.hotels[0]!.rate_plans[0] as { payment?: string }).payment = 'on_credit';
    await assert.rejects(t.hotels.importHotels(file), (error: any) =>
      error.extras.errors.some((e: any) => e.pointer === '/hotels/0/rate_plans/0/payment'),
    );
  });

  /** A guaranteed pay-at-hotel stay `from` days ahead, booked by a new guest with `card_token`. */
  async function guaranteedStay(from: number, nights: number, card_token = 'tok_visa') {
    const guest = await signIn(t);
    const hotelId = (await t.hotels.repository.listActiveHotels()).find((h) => h.code === hotelCode)!.id;
    const { option } = await firstRate(
      t,
      guest.auth,
      stay(t, from, nights, { destination: { hotel_ids: [hotelId] }, filters: { refundable_only: true } }),
    );
    const total = { amount: option.total_amount, currency: option.currency };
    const booked = await bookHotel(
      t,
      guest.auth,
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], total, {
        payment: undefined,
        guarantee: { type: 'card', card_token },
      }),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    return { guest, booking: booked.json() };
  }

  const charge = async (payload: Record<string, unknown>) => {
    const admin = await signIn(t, 'admin');
    return t.app.inject({ method: 'POST', url: '/charge_hotel_guarantee', headers: admin.auth, payload });
  };
  const balanced = async () => {
    const perCurrency = new Map<string, number>();
    for (const s of await t.ledger.sums())
      perCurrency.set(s.currency, (perCurrency.get(s.currency) ?? 0) + s.total);
    for (const [currency, total] of perCurrency) assert.equal(total, 0, `${currency} balances`);
  };

  it('charges a late cancellation to the guarantee, within the penalty the cancellation recorded', async () => {
    const { guest, booking } = await guaranteedStay(1, 2);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: guest.auth, payload });
    const quote = (await post('/quote_cancellation', { booking_id: booking.id })).json();
    assert.ok(quote.penalty_amount > 0, 'inside the rate’s penalty window');
    assert.equal(quote.refund_amount, booking.total_amount - quote.penalty_amount);
    const cancelled = await post('/cancel_booking', { booking_id: booking.id, quote_id: quote.quote_id });
    assert.equal(cancelled.json().penalty_amount, quote.penalty_amount);
    assert.equal(cancelled.json().payment, null, 'nothing taken by cancelling');

    const early = await charge({ booking_id: booking.id, reason: 'no_show' });
    assert.equal(early.json().code, 'INVALID_STATE_TRANSITION', 'a cancelled booking is no no-show');
    const tooMuch = await charge({
      booking_id: booking.id,
      reason: 'late_cancellation',
      amount: quote.penalty_amount + 1,
    });
    assert.equal(tooMuch.statusCode, 400);
    assert.equal(tooMuch.json().errors[0].pointer, '/amount');
    const charged = await charge({ booking_id: booking.id, reason: 'late_cancellation' });
    assert.equal(charged.statusCode, 200, charged.body);
    assert.deepEqual(
      [charged.json().status, charged.json().payment.status, charged.json().payment.amount],
      ['cancelled', 'paid', quote.penalty_amount],
    );
    assert.equal(charged.json().events.at(-1).type, 'late_cancellation');
    const again = await charge({ booking_id: booking.id, reason: 'late_cancellation' });
    assert.equal(again.json().code, 'CONFLICT', 'once per booking');
    await balanced();
  });

  it('refuses a charge the card declines, changing nothing', async () => {
    const { booking } = await guaranteedStay(4, 2, 'tok_declined');
    t.clock.advance(4 * 86_400 + 12 * 3_600);
    const declined = await charge({ booking_id: booking.id, reason: 'no_show' });
    assert.equal(declined.statusCode, 402, declined.body);
    assert.equal(declined.json().code, 'PAYMENT_DECLINED');
    const admin = await signIn(t, 'admin');
    const read = await t.app.inject({ method: 'GET', url: `/booking?id=${booking.id}`, headers: admin.auth });
    assert.deepEqual([read.json().status, read.json().payment], ['confirmed', null]);
  });

  // Last: they move the clock on.
  it('charges a no-show once the check-in day has begun, as the rate’s terms allow, in the ledger', async () => {
    const { guest, booking } = await guaranteedStay(20, 2);
    const tooEarly = await charge({ booking_id: booking.id, reason: 'no_show' });
    assert.equal(tooEarly.statusCode, 409);
    assert.match(tooEarly.json().detail, /check-in day/);
    const pastCheckIn = Date.parse(`${booking.check_in}T23:00:00Z`) - t.clock.now().getTime();
    t.clock.advance(pastCheckIn / 1000);
    const charged = await charge({ booking_id: booking.id, reason: 'no_show' });
    assert.equal(charged.statusCode, 200, charged.body);
    const noShow = charged.json();
    assert.deepEqual(
      [noShow.status, noShow.payment.method, noShow.payment.amount, noShow.allowed_actions],
      ['no_show', 'card', booking.total_amount, []],
      'the flexible rate charges all of it within two days of arrival',
    );
    const rows = await t.storage.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'booking_id'])
      .where('booking_id', '=', booking.id)
      .execute();
    assert.deepEqual(
      rows.map((r) => r.kind),
      ['sale'],
    );
    await balanced();

    // The guest asks to be forgotten: the card they left goes with them, the charge stays.
    const admin = await signIn(t, 'admin');
    const erased = await t.app.inject({
      method: 'POST',
      url: '/erase_personal_data',
      headers: admin.auth,
      payload: { user_id: guest.user.id },
    });
    assert.equal(erased.statusCode, 200, erased.body);
    const after = await t.app.inject({
      method: 'GET',
      url: `/booking?id=${booking.id}`,
      headers: admin.auth,
    });
    assert.deepEqual([after.json().guarantee, after.json().payment.amount], [null, booking.total_amount]);
  });
});
