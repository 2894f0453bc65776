import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter } from '../../../../test/helpers/flights.ts';
import { bookHotel, firstRate, hotelBookingBody, seedHotels, stay } from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** What a date change does to the money of a stay paid from an agency balance. */
describe('hotel date changes and their payment', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
    await seedHotels(t);
  });
  after(() => t.close());

  it('refunds the difference of a shorter stay and pays a longer one anew, the balance following each', async () => {
    const admin = await signIn(t, 'admin');
    const agent = await signIn(t, 'agent');
    const balance = async () =>
      (await t.app.inject({ method: 'GET', url: '/balance', headers: agent.auth })).json().balance as number;
    const agencyId = (await t.app.inject({ method: 'GET', url: '/balance', headers: agent.auth })).json()
      .agency_id;
    await t.app.inject({
      method: 'POST',
      url: '/top_up_balance',
      headers: admin.auth,
      payload: { agency_id: agencyId, amount: 50_000_000, currency: 'GBP' },
    });
    const { option } = await firstRate(
      t,
      agent.auth,
      stay(t, 40, 3, { filters: { refundable_only: true } }),
      (o) => o.currency === 'GBP',
    );
    const booked = await bookHotel(
      t,
      agent.auth,
      hotelBookingBody(
        { rate_key: option.rate_key },
        [{ adults: 2 }],
        { amount: option.total_amount, currency: 'GBP' },
        { payment: { type: 'balance' } },
      ),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    const booking = booked.json();
    assert.equal(await balance(), 50_000_000 - booking.total_amount);

    /** Changes the dates at today's price (asked for first with a wrong expected total). */
    const move = async (checkOut: number) => {
      const read = await t.app.inject({
        method: 'GET',
        url: `/booking?id=${booking.id}`,
        headers: agent.auth,
      });
      const body = { booking_id: booking.id, check_in: dayAfter(t, 40), check_out: dayAfter(t, checkOut) };
      const headers = { ...agent.auth, 'if-match': read.headers.etag as string };
      const probe = await t.app.inject({
        method: 'POST',
        url: '/modify_hotel_booking',
        headers,
        payload: { ...body, expected_total: { amount: 1, currency: 'GBP' } },
      });
      assert.equal(probe.json().code, 'PRICE_CHANGED', probe.body);
      const moved = await t.app.inject({
        method: 'POST',
        url: '/modify_hotel_booking',
        headers,
        payload: { ...body, expected_total: { amount: probe.json().total_amount, currency: 'GBP' } },
      });
      assert.equal(moved.statusCode, 200, moved.body);
      return moved.json();
    };

    const shorter = await move(41);
    const difference = booking.total_amount - shorter.total_amount;
    assert.ok(difference > 0);
    assert.deepEqual(
      [shorter.payment.status, shorter.payment.refunded_amount, shorter.payment.id],
      ['partially_refunded', difference, booking.payment.id],
    );
    assert.equal(await balance(), 50_000_000 - shorter.total_amount);

    const longer = await move(44);
    assert.notEqual(longer.payment.id, booking.payment.id, 'a new payment for the new total');
    assert.deepEqual([longer.payment.status, longer.payment.amount], ['paid', longer.total_amount]);
    assert.equal(await balance(), 50_000_000 - longer.total_amount, 'the old payment came back in full');

    const perCurrency = new Map<string, number>();
    for (const s of await t.ledger.sums())
      perCurrency.set(s.currency, (perCurrency.get(s.currency) ?? 0) + s.total);
    for (const [currency, total] of perCurrency) assert.equal(total, 0, `${currency} balances`);
  });
});
