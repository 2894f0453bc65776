import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestStorage } from '../helpers/engine.ts';
import { signIn } from '../helpers/factories.ts';
import { bookHotel, firstRate, hotelBookingBody, limitRooms, seedHotels, stay } from '../helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

const ATTEMPTS = 50;
const AFFORDABLE = 7;

/**
 * An agency whose balance and credit cover exactly K bookings, 50 booking at once through two app
 * instances on one database: exactly K are booked, every other answer is 402 INSUFFICIENT_FUNDS with
 * nothing taken, the balance ends at minus the credit limit, and the books balance.
 */
describe('agency balance under concurrent bookings', () => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let one: TestApp;
  let two: TestApp;
  before(async () => {
    storage = await openTestStorage();
    const clockStart = new Date();
    one = await buildTestApp({ storage, clockStart });
    two = await buildTestApp({ storage, clockStart });
    await seedHotels(one);
    await two.hotels.refreshIndex();
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await storage?.close();
  });

  it(`books exactly ${AFFORDABLE} of ${ATTEMPTS} and refuses the rest with 402, never below the credit limit`, async () => {
    const admin = await signIn(one, 'admin');
    const agent = await signIn(one, 'agent');
    const { hotel, option } = await firstRate(one, agent.auth, stay(one, 60, 1), (o) => o.currency === 'GBP');
    // Rooms enough for everyone: only money may stop a booking.
    await limitRooms(one, hotel.id, option.room_type.code, 60, 1, ATTEMPTS + 10);
    const price = option.total_amount as number;
    const agencyId = (await one.app.inject({ method: 'GET', url: '/balance', headers: agent.auth })).json()
      .agency_id;
    const credit = await one.app.inject({
      method: 'POST',
      url: '/set_credit_limit',
      headers: admin.auth,
      payload: { agency_id: agencyId, credit_limit: price, currency: 'GBP' },
    });
    assert.equal(credit.statusCode, 200, credit.body);
    const topUp = await one.app.inject({
      method: 'POST',
      url: '/top_up_balance',
      headers: admin.auth,
      payload: { agency_id: agencyId, amount: price * (AFFORDABLE - 1), currency: 'GBP', reference: 'race' },
    });
    assert.equal(topUp.statusCode, 200, topUp.body);

    const body = hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
      amount: price,
      currency: 'GBP',
    });
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        bookHotel(
          i % 2 === 0 ? one : two,
          agent.auth,
          { ...body, payment: { type: 'balance' } },
          `race-${i}`,
        ),
      ),
    );
    const codes = results.map((r) => (r.statusCode === 201 ? 'booked' : r.json().code));
    assert.equal(codes.filter((c) => c === 'booked').length, AFFORDABLE, codes.join(','));
    assert.deepEqual(new Set(codes.filter((c) => c !== 'booked')), new Set(['INSUFFICIENT_FUNDS']));
    for (const r of results.filter((x) => x.statusCode === 402)) {
      assert.equal(r.json().amount_due, price);
      assert.equal(r.json().currency, 'GBP');
    }

    const balance = (await two.app.inject({ method: 'GET', url: '/balance', headers: agent.auth })).json();
    assert.equal(balance.balance, -price, 'exactly at minus the credit limit');
    assert.equal(balance.available, 0);
    const bookings = await one.app.inject({
      method: 'POST',
      url: '/search_booking',
      headers: agent.auth,
      payload: { product: 'hotel' },
    });
    assert.equal(bookings.json().total_count, AFFORDABLE, 'a refused booking leaves no booking');
    const sold = await storage.db
      .selectFrom('room_nights_sold')
      .select('sold')
      .where(
        'room_type_id',
        '=',
        (await one.hotels.repository.roomTypesOf(hotel.id)).find((r) => r.code === option.room_type.code)!.id,
      )
      .execute();
    assert.equal(
      sold.reduce((n, r) => n + Number(r.sold), 0),
      AFFORDABLE,
      'a refused booking leaves no room taken',
    );

    // The books: every currency sums to zero, and the agency's balance is the sum of its entries.
    const sums = await one.ledger.sums();
    const perCurrency = new Map<string, number>();
    for (const s of sums) perCurrency.set(s.currency, (perCurrency.get(s.currency) ?? 0) + s.total);
    for (const [currency, total] of perCurrency) assert.equal(total, 0, `${currency} balances`);
    assert.equal(sums.find((s) => s.account === `agency:${agencyId}`)?.total, balance.balance);
  });
});
