import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  dayAfter,
  fareRecord,
  firstOffer,
  scheduleRecord,
  searchBody,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { DEMO_SEAT_LAYOUTS } from '../demo/seat-layouts.ts';

const LIGHT = 6_000;
const SEAT = 1_500;
const LEGROOM = 3_900;
const BAG = 4_500;

/** How many times each outcome came up. */
function tally(outcomes: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
}

/** Seats and bags bought with a booking and after it, over HTTP, on a flight with a seat map. */
describe('seats and bags', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    await t.flights.importNetwork({
      schedules: [scheduleRecord(t, 'BA', 832, ['LHR', 'DUB'], '08:00', 80)],
      fares: [
        fareRecord('BA', ['LHR', 'DUB'], 'light', {
          adult: LIGHT,
          child: LIGHT,
          refund: { allowed: true, penalty: 0 },
          seat_fees: { standard: SEAT, preferred: LEGROOM },
          extra_bags: { amount: BAG, max: 2 },
        }),
      ],
      seat_maps: DEMO_SEAT_LAYOUTS.filter((l) => l.aircraft === '320'),
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const offerOn = (days: number, adults = 1, who = auth) =>
    firstOffer(t, who, searchBody(t, [['LHR', 'DUB', days]], { passengers: { adults } }));
  const post = (url: string, payload: object, headers = auth) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  let key = 0;
  const addServices = (payload: object, headers = auth) =>
    t.app.inject({
      method: 'POST',
      url: '/add_services',
      headers: { ...headers, 'idempotency-key': `services-${++key}` },
      payload,
    });
  const seatMap = async (query: string, headers = auth) => {
    const res = await t.app.inject({ method: 'GET', url: `/seat_maps?${query}`, headers });
    assert.equal(res.statusCode, 200, res.body);
    const seats = res.json().segments[0].rows.flatMap((r: any) => r.seats);
    return (designator: string) => seats.find((s: any) => s.designator === designator);
  };
  const seatsOnFlight = async (date: string) =>
    (
      await t.storage.db
        .selectFrom('seat_assignments')
        .select(['seat', 'booking_id', 'passenger_id'])
        .where('departure_date', '=', date)
        .orderBy('seat')
        .execute()
    ).map((r) => `${r.seat}:${r.booking_id}:${r.passenger_id}`);

  it('books with seats and a bag, their prices in the total, and shows them on the booking and its seat map', async () => {
    const offer = await offerOn(10, 2);
    assert.deepEqual(offer.available_services.checked_bags, [
      { slice: 0, amount_per_bag: BAG, currency: 'GBP', max_per_passenger: 2 },
    ]);
    const wanted = {
      seats: [
        { passenger: 0, slice: 0, segment: 0, designator: '20A' },
        { passenger: 1, slice: 0, segment: 0, designator: '12F' },
      ],
      bags: [{ passenger: 1, slice: 0, quantity: 2 }],
    };
    const total = offer.total_amount + SEAT + LEGROOM + 2 * BAG;
    const stale = await bookFlight(t, auth, bookingBody(offer, [adult(0), adult(1)], wanted));
    assert.equal(stale.statusCode, 409);
    assert.equal(stale.json().code, 'PRICE_CHANGED');
    assert.equal(stale.json().total_amount, total, 'the new total counts the services');

    const res = await bookFlight(
      t,
      auth,
      bookingBody(offer, [adult(0), adult(1)], {
        ...wanted,
        expected_total: { amount: total, currency: 'GBP' },
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    const booking = res.json();
    assert.equal(booking.price.total_amount, total);
    assert.equal(booking.price.services_amount, SEAT + LEGROOM + 2 * BAG);
    assert.equal(booking.payment.amount, total);
    const [p0, p1] = booking.passengers.map((p: any) => p.id);
    assert.deepEqual(
      booking.services.map((s: any) => [s.type, s.passenger_id, s.designator ?? s.quantity, s.amount]),
      [
        ['seat', p0, '20A', SEAT],
        ['seat', p1, '12F', LEGROOM],
        ['checked_bag', p1, 2, 2 * BAG],
      ],
    );
    assert.deepEqual(await seatsOnFlight(dayAfter(t, 10)), [
      `12F:${booking.id}:${p1}`,
      `20A:${booking.id}:${p0}`,
    ]);

    const own = await seatMap(`booking_id=${booking.id}`);
    assert.equal(own('20A').passenger_id, p0);
    assert.deepEqual(own('20A').offers.adult, { available: false, reason: 'taken' });
    assert.deepEqual(own('20B').offers.adult, { available: true, amount: SEAT });
    const someoneElse = await seatMap(`offer_id=${encodeURIComponent((await offerOn(10)).id)}`);
    assert.deepEqual(someoneElse('12F').offers.adult, { available: false, reason: 'taken' });
    assert.equal(someoneElse('12F').passenger_id, undefined, 'nobody else learns who sits there');
  });

  it('refuses fares whose extra bags are not an amount and an allowance of 1 to 5', async () => {
    for (const extra_bags of [{ amount: -1, max: 2 }, { amount: 1_000, max: 0 }, { amount: 1_000 }]) {
      await assert.rejects(
        t.flights.importNetwork({
          schedules: [],
          fares: [
            fareRecord('BA', ['LHR', 'DUB'], 'light', {
              extra_bags: extra_bags as { amount: number; max: number },
            }),
          ],
        }),
        (error: any) => error.extras.errors[0].pointer === '/fares/0/extra_bags',
      );
    }
  });

  it('refuses a taken seat with 409 SEAT_UNAVAILABLE and books nothing', async () => {
    const offer = await offerOn(11);
    const choose = (designator: string) => ({
      seats: [{ passenger: 0, slice: 0, segment: 0, designator }],
      expected_total: { amount: offer.total_amount + SEAT, currency: 'GBP' },
    });
    assert.equal((await bookFlight(t, auth, bookingBody(offer, [adult()], choose('22C')))).statusCode, 201);
    const before = offer.seats_left - 1;
    const res = await bookFlight(t, auth, bookingBody(await offerOn(11), [adult()], choose('22C')));
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.json().code, 'SEAT_UNAVAILABLE');
    assert.equal(res.json().designator, '22C');
    assert.equal((await offerOn(11)).seats_left, before, 'no place on the flight was taken');
    const bad = await bookFlight(
      t,
      auth,
      bookingBody(offer, [adult()], {
        seats: [{ passenger: 3, slice: 0, segment: 0, designator: '99Z' }],
      }),
    );
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(
      bad.json().errors.map((e: any) => e.pointer),
      ['/seats/0/passenger'],
    );
  });

  it('adds a seat and a bag after the sale, moves a passenger, and pays by replacing the payment', async () => {
    const offer = await offerOn(12);
    const booking = (await bookFlight(t, auth, bookingBody(offer))).json();
    const passenger = booking.passengers[0].id;
    const wrong = await addServices({
      booking_id: booking.id,
      seats: [{ passenger_id: passenger, slice: 0, segment: 0, designator: '4A' }],
      expected_amount: { amount: SEAT, currency: 'GBP' },
    });
    assert.equal(wrong.statusCode, 409);
    assert.equal(wrong.json().code, 'PRICE_CHANGED');
    assert.equal(wrong.json().total_amount, LEGROOM);

    const added = await addServices({
      booking_id: booking.id,
      seats: [{ passenger_id: passenger, slice: 0, segment: 0, designator: '4A' }],
      bags: [{ passenger_id: passenger, slice: 0, quantity: 1 }],
      expected_amount: { amount: LEGROOM + BAG, currency: 'GBP' },
    });
    assert.equal(added.statusCode, 200, added.body);
    const after = added.json();
    assert.equal(after.price.total_amount, offer.total_amount + LEGROOM + BAG);
    assert.equal(after.payment.amount, after.price.total_amount, 'one payment for the whole new total');
    assert.notEqual(after.payment.id, booking.payment.id);
    assert.equal(after.events.at(-1).type, 'services_added');

    const moved = await addServices({
      booking_id: booking.id,
      seats: [{ passenger_id: passenger, slice: 0, segment: 0, designator: '25D' }],
      expected_amount: { amount: SEAT, currency: 'GBP' },
    });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.deepEqual(
      moved.json().services.map((s: any) => s.designator ?? s.type),
      ['checked_bag', '25D'],
    );
    assert.deepEqual(await seatsOnFlight(dayAfter(t, 12)), [`25D:${booking.id}:${passenger}`]);
    const tooMany = await addServices({
      booking_id: booking.id,
      bags: [{ passenger_id: passenger, slice: 0, quantity: 2 }],
      expected_amount: { amount: 2 * BAG, currency: 'GBP' },
    });
    assert.equal(tooMany.statusCode, 400);
    assert.equal(tooMany.json().errors[0].pointer, '/bags/0/quantity');

    // Cancelling gives the seat back.
    const quote = (await post('/quote_cancellation', { booking_id: booking.id })).json();
    assert.equal(
      quote.refund_amount,
      moved.json().price.total_amount,
      'a refundable fare returns its services too',
    );
    const cancelled = await post('/cancel_booking', { booking_id: booking.id, quote_id: quote.quote_id });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.deepEqual(await seatsOnFlight(dayAfter(t, 12)), []);
  });

  it('adds services only to confirmed bookings the caller may see', async () => {
    const offer = await offerOn(13);
    const hold = (await bookFlight(t, auth, bookingBody(offer, [adult()], { type: 'hold' }))).json();
    const body = (id: string, passenger_id: string) => ({
      booking_id: id,
      bags: [{ passenger_id, slice: 0, quantity: 1 }],
      expected_amount: { amount: BAG, currency: 'GBP' },
    });
    const held = await addServices(body(hold.id, hold.passengers[0].id));
    assert.equal(held.statusCode, 409);
    assert.equal(held.json().code, 'INVALID_STATE_TRANSITION');
    const booking = (await bookFlight(t, auth, bookingBody(offer))).json();
    const stranger = (await signIn(t)).auth;
    assert.equal((await addServices(body(booking.id, booking.passengers[0].id), stranger)).statusCode, 404);
    const nobody = await addServices(body(booking.id, 'pas_nobody'));
    assert.equal(nobody.statusCode, 400);
    assert.equal(nobody.json().errors[0].pointer, '/bags/0/passenger_id');
    const empty = await addServices({
      booking_id: booking.id,
      expected_amount: { amount: 0, currency: 'GBP' },
    });
    assert.equal(empty.statusCode, 400);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/seat_maps?booking_id=${booking.id}`,
      headers: stranger,
    });
    assert.equal(missing.statusCode, 404);
    const both = await t.app.inject({
      method: 'GET',
      url: `/seat_maps?booking_id=${booking.id}&offer_id=x`,
      headers: auth,
    });
    assert.equal(both.statusCode, 400);
  });

  it('gives one seat to exactly one of 30 concurrent buyers, at booking and after it', async () => {
    const offer = await offerOn(14);
    const buyers = await Promise.all(Array.from({ length: 30 }, () => signIn(t)));
    const outcomes = await Promise.all(
      buyers.map(async (b) => {
        const res = await bookFlight(
          t,
          b.auth,
          bookingBody(offer, [adult()], {
            seats: [{ passenger: 0, slice: 0, segment: 0, designator: '7C' }],
            expected_total: { amount: offer.total_amount + SEAT, currency: 'GBP' },
          }),
        );
        return res.statusCode === 201 ? 'booked' : res.json().code;
      }),
    );
    assert.deepEqual(tally(outcomes), { booked: 1, SEAT_UNAVAILABLE: 29 });
    assert.equal((await offerOn(14)).seats_left, offer.seats_left - 1, 'the losers took no place');

    // After the sale: 30 booked travellers reach for one seat at once.
    const bookings = [];
    for (const b of buyers)
      bookings.push({ b, booking: (await bookFlight(t, b.auth, bookingBody(offer))).json() });
    const after = await Promise.all(
      bookings.map(async ({ b, booking }) => {
        const res = await addServices(
          {
            booking_id: booking.id,
            seats: [{ passenger_id: booking.passengers[0].id, slice: 0, segment: 0, designator: '8C' }],
            expected_amount: { amount: SEAT, currency: 'GBP' },
          },
          b.auth,
        );
        return res.statusCode === 200 ? 'seated' : res.json().code;
      }),
    );
    assert.deepEqual(tally(after), { seated: 1, SEAT_UNAVAILABLE: 29 });
    const holders = (await seatsOnFlight(dayAfter(t, 14))).filter((s) => s.startsWith('8C:'));
    assert.equal(holders.length, 1);
    const winner = bookings.find(({ booking }) => holders[0]!.includes(booking.id))!;
    const read = await t.app.inject({
      method: 'GET',
      url: `/booking?id=${winner.booking.id}`,
      headers: winner.b.auth,
    });
    assert.equal(read.json().price.total_amount, offer.total_amount + SEAT, 'only the winner paid');
  });

  it('reports a payment replaced by one for the services as replaced, not refunded', async () => {
    const admin = (await signIn(t, 'admin')).auth;
    const offer = await offerOn(25);
    const booking = (await bookFlight(t, auth, bookingBody(offer))).json();
    const day = t.clock.now().toISOString().slice(0, 10);
    const report = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/sales_report?from=${day}&to=${day}`,
        headers: admin,
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().lines.find((l: any) => l.product === 'flight' && l.currency === 'GBP');
    };
    const before = await report();
    const added = await addServices({
      booking_id: booking.id,
      bags: [{ passenger_id: booking.passengers[0].id, slice: 0, quantity: 1 }],
      expected_amount: { amount: BAG, currency: 'GBP' },
    });
    assert.equal(added.statusCode, 200, added.body);
    const after = await report();
    const change = (k: string) => after[k] - before[k];
    assert.deepEqual(
      {
        refunds: change('refunds'),
        replaced: change('replaced'),
        gross: change('gross'),
        revenue: change('revenue'),
      },
      {
        refunds: 0,
        replaced: offer.total_amount,
        gross: offer.total_amount + BAG,
        revenue: BAG,
      },
      'the old payment reversed, the new one sold: the traveller got nothing back',
    );
  });
});
