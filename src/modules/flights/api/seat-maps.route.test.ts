import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter, searchBody } from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { DEMO_SEAT_LAYOUTS } from '../demo/seat-layouts.ts';

/** Seat maps imported with the schedules, shown per flight of an offer with each seat's price for whom. */
describe('GET /seat_maps', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    const schedule = (flight_number: number, aircraft: string, departure_time: string) => ({
      carrier: 'BA',
      flight_number,
      origin: 'LHR',
      destination: 'DUB',
      departure_time,
      duration_minutes: 80,
      days_of_week: '1234567',
      valid_from: dayAfter(t, 0),
      valid_to: dayAfter(t, 30),
      aircraft,
      capacity: { economy: 150 },
    });
    const fare = (brand: string, adult: number, seat_fees?: unknown) => ({
      carrier: 'BA',
      origin: 'LHR',
      destination: 'DUB',
      cabin: 'economy',
      brand,
      currency: 'GBP',
      adult,
      child: adult,
      infant: 1_000,
      tax: 0,
      infant_tax: 0,
      checked_bags: 0,
      cabin_bags: 1,
      change: { allowed: false, penalty: 0 },
      refund: { allowed: false, penalty: 0 },
      ...(seat_fees === undefined ? {} : { seat_fees }),
    });
    await t.flights.importNetwork({
      schedules: [schedule(832, '320', '08:00'), schedule(834, 'E90', '12:00')],
      fares: [
        fare('basic', 5_000, { standard: null, preferred: null }),
        fare('light', 6_000, { standard: 1_500, preferred: 3_900 }),
        fare('flex', 9_000),
      ],
      seat_maps: DEMO_SEAT_LAYOUTS.filter((l) => l.aircraft === '320'),
    });
    await t.flights.refreshNetwork();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  async function seatMaps(flight: string, brand: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: auth,
      payload: searchBody(t, [['LHR', 'DUB', 10]], {
        max_connections: 0,
        passengers: { adults: 2, children: [8], infants: 1 },
      }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const offer = res
      .json()
      .data.find((o: any) => o.brand === brand && o.slices[0].segments[0].flight_number === flight);
    assert.ok(offer, `${flight} ${brand} is offered`);
    const maps = await t.app.inject({
      method: 'GET',
      url: `/seat_maps?offer_id=${encodeURIComponent(offer.id)}`,
      headers: auth,
    });
    assert.equal(maps.statusCode, 200, maps.body);
    return maps.json();
  }
  const seat = (map: any, designator: string) =>
    map.segments[0].rows.flatMap((r: any) => r.seats).find((s: any) => s.designator === designator);

  it('prices each seat for each kind of passenger under the fare, and keeps exits for adults alone', async () => {
    const map = await seatMaps('BA832', 'light');
    assert.deepEqual(map.passenger_kinds, ['adult', 'adult_with_infant', 'child']);
    const segment = map.segments[0];
    assert.deepEqual(
      [segment.aircraft, segment.cabin, segment.currency, segment.seat_selection, segment.letters],
      ['320', 'economy', 'GBP', true, 'ABC DEF'],
    );
    assert.equal(segment.rows.flatMap((r: any) => r.seats).length, 150);
    assert.ok(!segment.rows.some((r: any) => r.row === 13), 'no row 13');
    assert.deepEqual(seat(map, '12A'), {
      designator: '12A',
      letter: 'A',
      characteristics: ['window', 'exit_row', 'over_wing', 'extra_legroom'],
      offers: {
        adult: { available: true, amount: 3_900 },
        adult_with_infant: { available: false, reason: 'exit_row_restricted' },
        child: { available: false, reason: 'exit_row_restricted' },
      },
    });
    assert.deepEqual(seat(map, '20B').offers.child, { available: true, amount: 1_500 });
  });

  it('is free in a fare that says nothing of seats, and closed in one that allows none', async () => {
    assert.deepEqual(seat(await seatMaps('BA832', 'flex'), '20B').offers.adult, {
      available: true,
      amount: 0,
    });
    assert.deepEqual(seat(await seatMaps('BA832', 'basic'), '20B').offers.adult, {
      available: false,
      reason: 'not_selectable',
    });
  });

  it('says when an aircraft has no seat map: seats come at check-in', async () => {
    const map = await seatMaps('BA834', 'light');
    assert.deepEqual([map.segments[0].seat_selection, map.segments[0].rows], [false, []]);
  });

  it('refuses an offer id that is not one, and a network file whose seat maps are wrong', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/seat_maps?offer_id=off_forged', headers: auth });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors[0].pointer, '/offer_id');
    await assert.rejects(
      t.flights.importNetwork({
        schedules: [],
        fares: [],
        seat_maps: [
          { aircraft: '321', cabins: [{ cabin: 'economy', first_row: 5, last_row: 2, letters: 'ABC' }] },
        ],
      }),
      (error: any) => error.extras.errors[0].pointer === '/seat_maps/0/cabins/0/last_row',
    );
  });
});
