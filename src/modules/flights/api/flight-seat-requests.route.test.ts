import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import {
  adult,
  bookFlight,
  bookingBody,
  fareRecord,
  firstOffer,
  infant,
  scheduleRecord,
  searchBody,
} from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { DEMO_SEAT_LAYOUTS } from '../demo/seat-layouts.ts';

const SEAT = 1_500;

/**
 * Seats that suit who sits in them, on every path a seat is chosen by: a passenger asking for a
 * wheelchair (or BLND, DEAF, DPNA, MAAS) never in an exit row, at booking, after it, on the booking's
 * seat map, nor by adding the request to someone already seated there; an adult with an infant in a
 * bassinet seat at a bulkhead that is not an exit.
 */
describe('seats and special service requests', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    await t.flights.importNetwork({
      schedules: [scheduleRecord(t, 'BA', 832, ['LHR', 'DUB'], '08:00', 80)],
      fares: [
        fareRecord('BA', ['LHR', 'DUB'], 'standard', { seat_fees: { standard: SEAT, preferred: SEAT } }),
      ],
      seat_maps: DEMO_SEAT_LAYOUTS.filter((l) => l.aircraft === '320'),
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const wheelchair = { ...adult(1), special_requests: ['WCHR'] };
  const offerOn = (days: number, passengers: object = { adults: 1 }) =>
    firstOffer(t, auth, searchBody(t, [['LHR', 'DUB', days]], { passengers }));
  const withSeat = (offer: any, passengers: unknown[], designator: string, passenger = 0) =>
    bookingBody(offer, passengers, {
      seats: [{ passenger, slice: 0, segment: 0, designator }],
      expected_total: { amount: offer.total_amount + SEAT, currency: 'GBP' },
    });
  let key = 0;
  const addSeat = (booking: any, passengerId: string, designator: string) =>
    t.app.inject({
      method: 'POST',
      url: '/add_services',
      headers: { ...auth, 'idempotency-key': `ssr-${++key}` },
      payload: {
        booking_id: booking.id,
        seats: [{ passenger_id: passengerId, slice: 0, segment: 0, designator }],
        expected_amount: { amount: SEAT, currency: 'GBP' },
      },
    });

  it('refuses an exit-row seat to a passenger asking for a wheelchair, at booking and after it', async () => {
    const offer = await offerOn(10);
    const refused = await bookFlight(t, auth, withSeat(offer, [wheelchair], '11A'));
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal(refused.json().errors[0].pointer, '/seats/0/designator');
    assert.match(refused.json().errors[0].detail, /exit row/);

    const booked = await bookFlight(t, auth, withSeat(offer, [wheelchair], '5A'));
    assert.equal(booked.statusCode, 201, booked.body);
    const booking = booked.json();
    const moved = await addSeat(booking, booking.passengers[0].id, '12C');
    assert.equal(moved.statusCode, 400, moved.body);
    assert.match(moved.json().errors[0].detail, /exit row/);

    const map = await t.app.inject({
      method: 'GET',
      url: `/seat_maps?booking_id=${booking.id}`,
      headers: auth,
    });
    assert.equal(map.statusCode, 200, map.body);
    assert.deepEqual(map.json().passengers, [
      { id: booking.passengers[0].id, kind: 'adult_needing_assistance' },
    ]);
    const seats = map.json().segments[0].rows.flatMap((r: any) => r.seats);
    const exit = seats.find((s: any) => s.designator === '11A');
    assert.deepEqual(exit.offers.adult_needing_assistance, {
      available: false,
      reason: 'exit_row_restricted',
    });
    const aisle = seats.find((s: any) => s.designator === '7C');
    assert.deepEqual(aisle.offers.adult_needing_assistance, { available: true, amount: SEAT });
  });

  it('refuses a wheelchair request for a passenger already in an exit row until they move', async () => {
    const offer = await offerOn(11);
    const booked = await bookFlight(t, auth, withSeat(offer, [adult()], '11F'));
    assert.equal(booked.statusCode, 201, booked.body);
    const booking = booked.json();
    const id = booking.passengers[0].id;
    const update = (etag: string) =>
      t.app.inject({
        method: 'POST',
        url: '/update_booking',
        headers: { ...auth, 'if-match': etag },
        payload: { booking_id: booking.id, passengers: [{ id, special_requests: ['WCHS'] }] },
      });
    const refused = await update(booked.headers.etag as string);
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal(refused.json().errors[0].pointer, '/passengers/0/special_requests');
    assert.match(refused.json().errors[0].detail, /WCHS cannot sit in exit-row seat 11F/);

    const moved = await addSeat(booking, id, '7A');
    assert.equal(moved.statusCode, 200, moved.body);
    const done = await update(moved.headers.etag as string);
    assert.equal(done.statusCode, 200, done.body);
    assert.deepEqual(done.json().passengers[0].special_requests, ['WCHS']);
  });

  it('seats an adult with an infant in a bassinet at the bulkhead, never in an exit row', async () => {
    const offer = await offerOn(12, { adults: 1, infants: 1 });
    const exit = await bookFlight(t, auth, withSeat(offer, [adult(), infant()], '12A'));
    assert.equal(exit.statusCode, 400, exit.body);
    const res = await bookFlight(t, auth, withSeat(offer, [adult(), infant()], '4A'));
    assert.equal(res.statusCode, 201, res.body);
    const map = await t.app.inject({
      method: 'GET',
      url: `/seat_maps?booking_id=${res.json().id}`,
      headers: auth,
    });
    const seat = map
      .json()
      .segments[0].rows.flatMap((r: any) => r.seats)
      .find((s: any) => s.designator === '4A');
    assert.ok(seat.characteristics.includes('bassinet'));
    assert.ok(!seat.characteristics.includes('exit_row'));
  });
});

describe('the demo aircraft', () => {
  it('have a bassinet that is not in an exit row in every cabin that has bassinets', () => {
    for (const layout of DEMO_SEAT_LAYOUTS)
      for (const cabin of layout.cabins) {
        if (!cabin.bassinet_rows?.length) continue;
        const free = cabin.bassinet_rows.filter((r) => !(cabin.exit_rows ?? []).includes(r));
        assert.ok(free.length > 0, `${layout.aircraft} ${cabin.cabin}: bassinets only in exit rows`);
      }
  });
});
