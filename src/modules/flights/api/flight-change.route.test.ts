import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  dayAfter,
  fareRecord,
  scheduleRecord,
  searchBody,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { DEMO_SEAT_LAYOUTS } from '../demo/seat-layouts.ts';

const PENALTY = 5_000;
const SEAT = 2_000;
const BAG = 3_000;

/** Changing a booking's flights: by choice as the fare allows, and free after the airline cancels. */
describe('flight changes', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let admin: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    const fare = (brand: string, adult: number, change: number | null) =>
      fareRecord('BA', ['LHR', 'DUB'], brand, {
        adult,
        child: adult,
        tax: 1_000,
        change: { allowed: change !== null, penalty: change ?? 0 },
        seat_fees: { standard: SEAT, preferred: SEAT },
        extra_bags: { amount: BAG, max: 2 },
      });
    await t.flights.importNetwork({
      schedules: [scheduleRecord(t, 'BA', 832, ['LHR', 'DUB'], '08:00', 80)],
      fares: [fare('light', 6_000, null), fare('standard', 9_000, PENALTY)],
      seat_maps: DEMO_SEAT_LAYOUTS.filter((l) => l.aircraft === '320'),
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
    admin = (await signIn(t, 'admin')).auth;
  });
  after(() => t.close());

  const post = (url: string, payload: object, headers = auth) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  let key = 0;
  const change = (payload: object, headers = auth) =>
    t.app.inject({
      method: 'POST',
      url: '/change_booking',
      headers: { ...headers, 'idempotency-key': `change-${++key}` },
      payload,
    });
  const offerOn = async (days: number, brand: string, who = auth) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: who,
      payload: searchBody(t, [['LHR', 'DUB', days]], { limit: 50 }),
    });
    const offer = res.json().data.find((o: any) => o.brand === brand);
    assert.ok(offer, `a ${brand} offer`);
    return offer;
  };
  const placesSold = async (date: string) =>
    (
      await t.storage.db
        .selectFrom('seat_inventory')
        .select('sold')
        .where('departure_date', '=', date)
        .executeTakeFirst()
    )?.sold ?? 0;

  it('refuses changes the fare does not allow, and slices the booking does not have', async () => {
    const booking = (await bookFlight(t, auth, bookingBody(await offerOn(20, 'light')))).json();
    const res = await post('/search_changes', {
      booking_id: booking.id,
      slices: [{ slice: 0, departure_date: dayAfter(t, 22) }],
    });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'CHANGE_NOT_ALLOWED');
    const standard = (await bookFlight(t, auth, bookingBody(await offerOn(20, 'standard')))).json();
    const bad = await post('/search_changes', {
      booking_id: standard.id,
      slices: [{ slice: 1, departure_date: dayAfter(t, 22) }],
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].pointer, '/slices/0/slice');
  });

  it('changes the date paying the penalty, keeping the id, reference and bags, freeing the old seat', async () => {
    const offer = await offerOn(30, 'standard');
    const booked = await bookFlight(
      t,
      auth,
      bookingBody(offer, [adult()], {
        seats: [{ passenger: 0, slice: 0, segment: 0, designator: '20A' }],
        bags: [{ passenger: 0, slice: 0, quantity: 1 }],
        expected_total: { amount: offer.total_amount + SEAT + BAG, currency: 'GBP' },
      }),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    const booking = booked.json();
    const soldOld = await placesSold(dayAfter(t, 30));
    const soldNew = await placesSold(dayAfter(t, 33));

    const found = await post('/search_changes', {
      booking_id: booking.id,
      slices: [{ slice: 0, departure_date: dayAfter(t, 33) }],
    });
    assert.equal(found.statusCode, 200, found.body);
    const option = found.json().data[0];
    assert.ok(option, 'a change offer');
    assert.equal(option.slices[0].departure_date, dayAfter(t, 33));
    assert.equal(option.fare_difference_amount, 0, 'the same fare on an emptier flight');
    assert.equal(option.penalty_amount, PENALTY);
    assert.equal(option.forfeited_services_amount, SEAT, 'the seat on the old flight is not refunded');
    assert.equal(option.involuntary, false);
    assert.equal(
      option.new_total_amount,
      booking.price.total_amount + PENALTY,
      'the new fares, the bag kept, the seat fee and the penalty kept',
    );
    assert.equal(option.change_total_amount, option.new_total_amount - booking.price.total_amount);

    const wrong = await change({
      change_offer_id: option.id,
      expected_total: { amount: option.new_total_amount - 1, currency: 'GBP' },
    });
    assert.equal(wrong.statusCode, 409);
    assert.equal(wrong.json().code, 'PRICE_CHANGED', wrong.body);
    assert.equal(wrong.json().total_amount, option.new_total_amount);

    const done = await change({
      change_offer_id: option.id,
      expected_total: { amount: option.new_total_amount, currency: 'GBP' },
    });
    assert.equal(done.statusCode, 200, done.body);
    const changed = done.json();
    assert.equal(changed.id, booking.id);
    assert.equal(changed.reference, booking.reference);
    assert.equal(changed.status, 'confirmed');
    assert.equal(changed.slices[0].departure_date, dayAfter(t, 33));
    assert.equal(changed.price.total_amount, option.new_total_amount);
    assert.equal(changed.payment.amount, option.new_total_amount, 'one payment for the new total');
    assert.deepEqual(
      changed.services.map((s: any) => s.type),
      ['checked_bag'],
    );
    assert.equal(changed.events.at(-1).type, 'changed');
    assert.equal(await placesSold(dayAfter(t, 30)), soldOld - 1, 'the old place released');
    assert.equal(await placesSold(dayAfter(t, 33)), soldNew + 1, 'the new place taken');
    const seats = await t.storage.db
      .selectFrom('seat_assignments')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .execute();
    assert.equal(seats.length, 0);

    const again = await change({
      change_offer_id: option.id,
      expected_total: { amount: option.new_total_amount, currency: 'GBP' },
    });
    assert.equal(again.statusCode, 410);
    assert.equal(again.json().code, 'QUOTE_EXPIRED');
  });

  it('refuses a change offer that is not one, or has expired, and changes nothing', async () => {
    const booking = (await bookFlight(t, auth, bookingBody(await offerOn(35, 'standard')))).json();
    const forged = await change({
      change_offer_id: 'chg_forged.offer',
      expected_total: { amount: 1, currency: 'GBP' },
    });
    assert.equal(forged.statusCode, 400);
    assert.equal(forged.json().errors[0].pointer, '/change_offer_id');
    const option = (
      await post('/search_changes', {
        booking_id: booking.id,
        slices: [{ slice: 0, departure_date: dayAfter(t, 36) }],
      })
    ).json().data[0];
    t.clock.advance(16 * 60);
    const late = await change({
      change_offer_id: option.id,
      expected_total: { amount: option.new_total_amount, currency: 'GBP' },
    });
    assert.equal(late.statusCode, 410);
    assert.equal(late.json().code, 'OFFER_EXPIRED');
    const still = (
      await t.app.inject({ method: 'GET', url: `/booking?id=${booking.id}`, headers: auth })
    ).json();
    assert.equal(still.slices[0].departure_date, dayAfter(t, 35));
  });

  it('re-accommodates a disrupted booking for free on another day', async () => {
    const offer = await offerOn(40, 'light');
    const booking = (await bookFlight(t, auth, bookingBody(offer))).json();
    const cancelled = await post(
      '/cancel_flight',
      { flight_id: booking.slices[0].segments[0].flight_id, departure_date: dayAfter(t, 40), reason: 'crew' },
      admin,
    );
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const found = await post('/search_changes', {
      booking_id: booking.id,
      slices: [{ slice: 0, departure_date: dayAfter(t, 41) }],
    });
    assert.equal(found.statusCode, 200, found.body);
    const option = found.json().data[0];
    assert.equal(option.involuntary, true);
    assert.equal(option.change_total_amount, 0);
    assert.equal(option.penalty_amount, 0);
    const done = await change({
      change_offer_id: option.id,
      expected_total: { amount: booking.price.total_amount, currency: 'GBP' },
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().status, 'confirmed');
    assert.equal(done.json().price.total_amount, booking.price.total_amount);
    assert.equal(done.json().slices[0].departure_date, dayAfter(t, 41));
  });

  it('keeps places sold equal to places held when changes race cancellations', async () => {
    const offer = await offerOn(50, 'standard');
    const bookings = [];
    for (let i = 0; i < 10; i++) bookings.push((await bookFlight(t, auth, bookingBody(offer))).json());
    const options = [];
    for (const b of bookings) {
      const found = await post('/search_changes', {
        booking_id: b.id,
        slices: [{ slice: 0, departure_date: dayAfter(t, 51) }],
      });
      const quote = (await post('/quote_cancellation', { booking_id: b.id })).json();
      options.push({ b, option: found.json().data[0], quote });
    }
    const outcomes = await Promise.all(
      options.flatMap(({ b, option, quote }) => [
        change({
          change_offer_id: option.id,
          expected_total: { amount: option.new_total_amount, currency: 'GBP' },
        }).then((r) => (r.statusCode === 200 ? 'changed' : r.json().code)),
        post('/cancel_booking', { booking_id: b.id, quote_id: quote.quote_id }).then((r) =>
          r.statusCode === 200 ? 'cancelled' : r.json().code,
        ),
      ]),
    );
    assert.ok(
      outcomes.every((o) =>
        ['changed', 'cancelled', 'QUOTE_EXPIRED', 'INVALID_STATE_TRANSITION'].includes(o),
      ),
      outcomes.join(', '),
    );
    // Each booking did exactly one of the two.
    for (let i = 0; i < 10; i++) {
      const done = [outcomes[2 * i], outcomes[2 * i + 1]].filter((o) => o === 'changed' || o === 'cancelled');
      assert.equal(done.length, 1, `${outcomes[2 * i]} / ${outcomes[2 * i + 1]}`);
    }
    const live = await t.storage.db
      .selectFrom('flight_booking_segments as s')
      .innerJoin('flight_bookings as b', 'b.id', 's.booking_id')
      .select(['s.departure_date', (eb) => eb.fn.sum<number>('s.seats').as('seats')])
      .where('b.status', 'in', ['held', 'confirmed', 'disrupted'])
      .where('s.departure_date', 'in', [dayAfter(t, 50), dayAfter(t, 51)])
      .groupBy('s.departure_date')
      .execute();
    for (const date of [dayAfter(t, 50), dayAfter(t, 51)]) {
      const held = Number(live.find((r) => r.departure_date === date)?.seats ?? 0);
      assert.equal(await placesSold(date), held, `places sold on ${date} are the live bookings'`);
    }
  });
});
