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
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { DEMO_SEAT_LAYOUTS } from '../demo/seat-layouts.ts';

const PENALTY = 2_500;
const TAX = 1_200;

function infant() {
  return { ...adult(3), type: 'infant', title: 'miss', given_name: 'Ivy', born_on: '2026-03-01' };
}

/** Cancelling some passengers, or the return, of a flight booking: the rest goes on. */
describe('partial flight cancellations', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    const fare = (route: [string, string], brand: string, adultFare: number, refund: number | null) =>
      fareRecord('BA', route, brand, {
        adult: adultFare,
        child: adultFare,
        tax: TAX,
        infant: 1_000,
        infant_tax: 300,
        refund: { allowed: refund !== null, penalty: refund ?? 0 },
        seat_fees: { standard: 1_000, preferred: 1_500 },
      });
    await t.flights.importNetwork({
      schedules: [
        scheduleRecord(t, 'BA', 832, ['LHR', 'DUB'], '08:00', 80),
        scheduleRecord(t, 'BA', 833, ['DUB', 'LHR'], '18:00', 80),
      ],
      fares: [
        fare(['LHR', 'DUB'], 'flex', 9_000, PENALTY),
        fare(['DUB', 'LHR'], 'flex', 7_000, PENALTY),
        fare(['LHR', 'DUB'], 'light', 5_000, null),
        fare(['DUB', 'LHR'], 'light', 4_000, null),
      ],
      seat_maps: DEMO_SEAT_LAYOUTS.filter((l) => l.aircraft === '320'),
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: auth, payload });
  const placesSold = async (date: string) =>
    Number(
      (
        await t.storage.db
          .selectFrom('seat_inventory')
          .select('sold')
          .where('departure_date', '=', date)
          .executeTakeFirst()
      )?.sold ?? 0,
    );
  const segmentSeats = (id: string) =>
    t.storage.db
      .selectFrom('flight_booking_segments')
      .select(['departure_date', 'seats'])
      .where('booking_id', '=', id)
      .orderBy('position')
      .execute();

  async function returnOffer(brand: string, out: number, back: number, passengers: object) {
    const res = await post('/search_flight', {
      slices: [
        { origin: 'LHR', destination: 'DUB', departure_date: dayAfter(t, out) },
        { origin: 'DUB', destination: 'LHR', departure_date: dayAfter(t, back) },
      ],
      passengers,
      limit: 50,
    });
    const offer = res.json().data.find((o: any) => o.brand === brand);
    assert.ok(offer, `a ${brand} offer: ${res.body.slice(0, 200)}`);
    return offer;
  }

  async function cancelPart(booking: any, part: object) {
    const quote = await post('/quote_cancellation', { booking_id: booking.id, ...part });
    assert.equal(quote.statusCode, 200, quote.body);
    const done = await post('/cancel_booking', {
      booking_id: booking.id,
      ...part,
      quote_id: quote.json().quote_id,
    });
    assert.equal(done.statusCode, 200, done.body);
    return { quote: quote.json(), booking: done.json() };
  }

  it('cancels one adult of two, with their seat, refunding their fares less the penalty; the rest fly on', async () => {
    const offer = await returnOffer('flex', 10, 17, { adults: 2, infants: 1 });
    const booked = await bookFlight(
      t,
      auth,
      bookingBody(offer, [adult(0), adult(1), infant()], {
        seats: [
          { passenger: 0, slice: 0, segment: 0, designator: '20A' },
          { passenger: 1, slice: 0, segment: 0, designator: '20B' },
        ],
        expected_total: { amount: offer.total_amount + 2_000, currency: 'GBP' },
      }),
    );
    assert.equal(booked.statusCode, 201, booked.body);
    const booking = booked.json();
    const [out, back] = [await placesSold(dayAfter(t, 10)), await placesSold(dayAfter(t, 17))];
    const second = booking.passengers[1];

    const { quote, booking: after } = await cancelPart(booking, { passenger_ids: [second.id] });
    const adultPrice = booking.price.passengers.find((p: any) => p.type === 'adult');
    assert.equal(quote.passenger_ids[0], second.id);
    assert.equal(quote.slices, null);
    assert.equal(
      quote.penalty_amount,
      PENALTY * 2,
      'the penalty of both flights’ fares, for one seated passenger',
    );
    assert.equal(
      quote.refund_amount,
      adultPrice.total_amount + 1_000 - PENALTY * 2,
      'fares and seat, less penalty',
    );

    assert.equal(after.status, 'confirmed');
    assert.equal(after.reference, booking.reference);
    assert.deepEqual(
      after.passengers.map((p: any) => p.id),
      [booking.passengers[0].id, booking.passengers[2].id],
    );
    assert.ok(
      after.passengers.every((p: any) => p.ticket_number),
      'those left keep their tickets',
    );
    assert.equal(after.price.passengers.find((p: any) => p.type === 'adult').count, 1);
    assert.equal(after.price.total_amount, booking.price.total_amount - adultPrice.total_amount - 1_000);
    assert.deepEqual(
      after.services.map((s: any) => s.designator),
      ['20A'],
    );
    assert.equal(after.refund_amount, quote.refund_amount);
    assert.equal(after.cancelled_parts.length, 1);
    assert.equal(after.cancelled_parts[0].passengers[0].given_name, second.given_name);
    assert.equal(after.payment.status, 'partially_refunded');
    assert.equal(after.payment.refunded_amount, quote.refund_amount);
    assert.equal(after.events.at(-1).type, 'partially_cancelled');
    assert.ok(after.allowed_actions.includes('cancel_part'));
    // One place back on each flight; the others' places and the seat of the one left stay taken.
    assert.equal(await placesSold(dayAfter(t, 10)), out - 1);
    assert.equal(await placesSold(dayAfter(t, 17)), back - 1);
    assert.deepEqual(
      (await segmentSeats(booking.id)).map((s) => s.seats),
      [1, 1],
    );
    const seats = await t.storage.db
      .selectFrom('seat_assignments')
      .select('seat')
      .where('booking_id', '=', booking.id)
      .execute();
    assert.deepEqual(
      seats.map((s) => s.seat),
      ['20A'],
    );
    // The books: the refund is a transaction of its own, and everything balances.
    const entries = await t.ledger.forBooking(booking.id);
    assert.deepEqual(
      entries.map((e) => e.kind),
      ['sale', 'refund'],
    );
    const totals = new Map<string, number>();
    for (const s of await t.ledger.sums()) totals.set(s.currency, (totals.get(s.currency) ?? 0) + s.total);
    for (const [currency, total] of totals) assert.equal(total, 0, `${currency} balances`);

    // Cancelling what is left refunds the rest; what was refunded adds up.
    const { quote: last, booking: gone } = await cancelPart(after, {});
    assert.equal(gone.status, 'cancelled');
    assert.equal(gone.refund_amount, quote.refund_amount + last.refund_amount);
    // The penalty of the first part was kept: the payment is refunded in part, not in whole.
    assert.equal(gone.payment.status, 'partially_refunded');
    assert.equal(gone.payment.refunded_amount, gone.refund_amount);
    assert.equal(await placesSold(dayAfter(t, 10)), out - 2, 'the infant never held a place');
  });

  it('keeps an adult for the infant, and refuses a part sent that was not quoted', async () => {
    const offer = await returnOffer('flex', 11, 18, { adults: 1, infants: 1 });
    const booking = (await bookFlight(t, auth, bookingBody(offer, [adult(0), infant()]))).json();
    const lone = await post('/quote_cancellation', {
      booking_id: booking.id,
      passenger_ids: [booking.passengers[0].id],
    });
    assert.equal(lone.statusCode, 400, lone.body);
    assert.equal(lone.json().errors[0].pointer, '/passenger_ids');
    assert.match(lone.json().errors[0].detail, /without an adult/);

    const quote = (
      await post('/quote_cancellation', { booking_id: booking.id, passenger_ids: [booking.passengers[1].id] })
    ).json();
    assert.equal(quote.penalty_amount, 0, 'an infant holds no seat: no penalty');
    const wrong = await post('/cancel_booking', { booking_id: booking.id, quote_id: quote.quote_id });
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.json().errors[0].detail, /another part/);
    const room = await post('/quote_cancellation', { booking_id: booking.id, room_id: 'hbr_12345' });
    assert.equal(room.statusCode, 400);
    assert.equal(room.json().errors[0].pointer, '/room_id');
    const both = await post('/quote_cancellation', {
      booking_id: booking.id,
      passenger_ids: [booking.passengers[1].id],
      slices: [1],
    });
    assert.equal(both.statusCode, 400);
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/booking?id=${booking.id}`, headers: auth })).json()
        .passengers.length,
      2,
    );
  });

  it('cancels the return of a return on its own fares, releasing only the return’s places', async () => {
    const offer = await returnOffer('light', 12, 19, { adults: 2 });
    const booking = (await bookFlight(t, auth, bookingBody(offer, [adult(0), adult(1)]))).json();
    const [out, back] = [await placesSold(dayAfter(t, 12)), await placesSold(dayAfter(t, 19))];

    const outbound = await post('/quote_cancellation', { booking_id: booking.id, slices: [0] });
    assert.equal(outbound.statusCode, 409);
    assert.equal(outbound.json().code, 'CHANGE_NOT_ALLOWED');
    const every = await post('/quote_cancellation', { booking_id: booking.id, slices: [0, 1] });
    assert.equal(every.statusCode, 400);

    const { quote, booking: after } = await cancelPart(booking, { slices: [1] });
    assert.equal(quote.refund_amount, 2 * TAX, 'a non-refundable fare gives back the return’s taxes');
    assert.equal(quote.penalty_amount, 2 * (4_000 + TAX) - 2 * TAX);
    assert.equal(after.slices.length, 1);
    assert.equal(after.slices[0].destination, 'DUB');
    assert.equal(after.price.total_amount, booking.price.total_amount - 2 * (4_000 + TAX));
    assert.equal(after.cancelled_parts[0].slices[0].origin, 'DUB');
    assert.equal(await placesSold(dayAfter(t, 12)), out, 'the outbound keeps its places');
    assert.equal(await placesSold(dayAfter(t, 19)), back - 2);
    assert.deepEqual(
      (await segmentSeats(booking.id)).map((s) => s.departure_date),
      [dayAfter(t, 12)],
    );
    const again = await post('/quote_cancellation', { booking_id: booking.id, slices: [1] });
    assert.equal(again.statusCode, 400, 'the return is gone');
    // A quote made before is stale now.
    const stale = await post('/cancel_booking', {
      booking_id: booking.id,
      slices: [1],
      quote_id: quote.quote_id,
    });
    assert.equal(stale.statusCode, 410);
    assert.equal(stale.json().code, 'QUOTE_EXPIRED');
  });

  it('refunds a refundable return less its penalty per seated passenger', async () => {
    const offer = await returnOffer('flex', 13, 20, { adults: 1 });
    const booking = (await bookFlight(t, auth, bookingBody(offer, [adult(0)]))).json();
    const { quote } = await cancelPart(booking, { slices: [1] });
    assert.equal(quote.refund_amount, 7_000 + TAX - PENALTY);
    assert.equal(quote.penalty_amount, PENALTY);
  });

  it('refuses a hold, which is cancelled whole', async () => {
    const offer = await returnOffer('flex', 14, 21, { adults: 2 });
    const hold = (
      await bookFlight(t, auth, bookingBody(offer, [adult(0), adult(1)], { type: 'hold' }))
    ).json();
    const res = await post('/quote_cancellation', {
      booking_id: hold.id,
      passenger_ids: [hold.passengers[1].id],
    });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'INVALID_STATE_TRANSITION');
  });

  it('keeps places sold equal to places held when parts and wholes race to be cancelled', async () => {
    const offer = await returnOffer('flex', 30, 37, { adults: 2 });
    const quoted = [];
    for (let i = 0; i < 8; i++) {
      const b = (await bookFlight(t, auth, bookingBody(offer, [adult(0), adult(1)]))).json();
      const quote = async (part: object) => ({
        part,
        id: (await post('/quote_cancellation', { booking_id: b.id, ...part })).json().quote_id,
      });
      quoted.push({
        b,
        quotes: [
          await quote({ passenger_ids: [b.passengers[1].id] }),
          await quote({ slices: [1] }),
          await quote({}),
        ],
      });
    }
    const outcomes = await Promise.all(
      quoted.map(({ b, quotes }) =>
        Promise.all(
          quotes.map(({ part, id }) =>
            post('/cancel_booking', { booking_id: b.id, ...part, quote_id: id }).then((r) =>
              r.statusCode === 200 ? 'done' : r.json().code,
            ),
          ),
        ),
      ),
    );
    for (const each of outcomes) {
      assert.ok(
        each.every((o) => ['done', 'QUOTE_EXPIRED', 'INVALID_STATE_TRANSITION'].includes(o)),
        each.join(),
      );
      assert.equal(each.filter((o) => o === 'done').length, 1, `one of three per booking: ${each.join()}`);
    }
    const live = await t.storage.db
      .selectFrom('flight_booking_segments as s')
      .innerJoin('flight_bookings as b', 'b.id', 's.booking_id')
      .select(['s.departure_date', (eb) => eb.fn.sum<number>('s.seats').as('seats')])
      .where('b.status', 'in', ['held', 'confirmed', 'disrupted', 'schedule_changed'])
      .where('s.departure_date', 'in', [dayAfter(t, 30), dayAfter(t, 37)])
      .groupBy('s.departure_date')
      .execute();
    for (const date of [dayAfter(t, 30), dayAfter(t, 37)]) {
      const held = Number(live.find((r) => r.departure_date === date)?.seats ?? 0);
      assert.equal(await placesSold(date), held, `places sold on ${date} are the live bookings'`);
    }
    // Each booking's payment gave back exactly what its bookings say was refunded.
    for (const { b } of quoted) {
      const now = (await t.app.inject({ method: 'GET', url: `/booking?id=${b.id}`, headers: auth })).json();
      assert.equal(now.payment.refunded_amount, now.refund_amount);
    }
  });
});
