import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { addDays } from '../../../shared/calendar.ts';
import { AIRPORT_TRAFFIC, type Catalogue, loadCatalogue } from '../../catalog/index.ts';
import { REFERENCE_RATES } from '../../money/index.ts';
import { farePricingOf } from '../inventory/fare-calendar.ts';
import type { Fare } from '../inventory/flight-network.ts';
import type { FareRecord, NetworkFile } from '../inventory/network-file.ts';
import { priceItinerary } from '../search/fare-rules.ts';
import { generateNetwork } from './network-generator.ts';
import { kmBetween } from './route-planner.ts';
import { TRUNK_ROUTES } from './trunk-routes.ts';
import { CARRIERS } from './world-traffic.ts';

const START = '2027-03-01';

describe('the demo world (preset M)', () => {
  let catalogue: Catalogue;
  let world: NetworkFile;
  before(() => {
    catalogue = loadCatalogue();
    world = generateNetwork(catalogue, 'M', START);
  });
  const flights = (origin: string, destination: string, carrier?: string) =>
    world.schedules.filter(
      (s) => s.origin === origin && s.destination === destination && (!carrier || s.carrier === carrier),
    );

  it('serves the 30 busiest airports and flies the 20 largest airlines', () => {
    const served = new Set(world.schedules.flatMap((s) => [s.origin, s.destination]));
    const busiest = Object.entries(AIRPORT_TRAFFIC)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([code]) => code);
    assert.deepEqual(
      busiest.filter((code) => !served.has(code)),
      [],
    );
    const carriers = new Set(world.schedules.map((s) => s.carrier));
    assert.deepEqual(
      CARRIERS.slice(0, 20)
        .map((c) => c.code)
        .filter((code) => !carriers.has(code)),
      [],
    );
  });

  it('offers the flights people look for first', () => {
    assert.ok(
      flights('LHR', 'JFK', 'BA').length >= 2,
      'British Airways from Heathrow to JFK, more than once a day',
    );
    assert.ok(flights('CDG', 'BCN').length > 0, 'Paris to Barcelona nonstop');
    assert.ok(flights('SIN', 'SYD').length > 0, 'Singapore to Sydney nonstop');
    const fromFrankfurt = new Set(
      world.schedules.filter((s) => s.origin === 'FRA').map((s) => s.destination),
    );
    const viaOne = [...fromFrankfurt].filter((x) => flights(x, 'NRT').length > 0);
    assert.ok(viaOne.length > 0, 'Frankfurt to Narita with at most one connection');
  });

  it('flies the trunk routes nonstop, both ways, with First where its carrier sells it', () => {
    for (const { between, carriers, first } of TRUNK_ROUTES) {
      const [a, b] = between;
      for (const carrier of carriers) {
        for (const [from, to] of [
          [a, b],
          [b, a],
        ] as const) {
          const flown = flights(from, to, carrier);
          assert.ok(flown.length > 0, `${carrier} ${from}-${to}`);
          const sellsFirst = world.fares.some(
            (f) => f.carrier === carrier && f.origin === from && f.destination === to && f.cabin === 'first',
          );
          const hasFirst = flown.every((s) => (s.capacity.first ?? 0) > 0);
          if (first?.includes(carrier))
            assert.ok(sellsFirst && hasFirst, `First on ${carrier} ${from}-${to}`);
          assert.equal(sellsFirst, hasFirst, `${carrier} ${from}-${to} sells the cabins it flies`);
        }
      }
    }
    // Honolulu, which no hub within the planner's rules reaches, is flown from the mainland and Japan.
    assert.ok(flights('LAX', 'HNL').length > 0 && flights('HND', 'HNL').length > 0);
  });

  it('flies no route its carrier would not: every route touches one of its hubs, long haul only to gateways', () => {
    const hubs = new Map(CARRIERS.map((c) => [c.code, new Set(c.hubs)]));
    const home = new Map(CARRIERS.map((c) => [c.code, c.country]));
    const odd: string[] = [];
    for (const s of world.schedules) {
      const own = hubs.get(s.carrier);
      assert.ok(own, `${s.carrier} is one of the traffic table's airlines`);
      const [hub, far] = own.has(s.origin) ? [s.origin, s.destination] : [s.destination, s.origin];
      if (!own.has(hub)) odd.push(`${s.carrier} ${s.origin}-${s.destination}: no hub of its own`);
      const a = catalogue.airportByCode.get(hub)!;
      const b = catalogue.airportByCode.get(far)!;
      const gateway = far in AIRPORT_TRAFFIC || CARRIERS.some((c) => c.hubs[0] === far);
      if (kmBetween(a, b) > 4_500 && !gateway && b.country_code !== home.get(s.carrier))
        odd.push(`${s.carrier} ${s.origin}-${s.destination}: long haul to a minor foreign airport`);
      if (!a.scheduled_service || !b.scheduled_service) odd.push(`${s.origin}-${s.destination}: not served`);
    }
    assert.deepEqual(odd, []);
    assert.equal(flights('JFK', 'DAC').length, 0);
    assert.equal(
      world.schedules.filter((s) => s.origin === 'ISL' || s.destination === 'ISL').length,
      0,
      'Istanbul Atatürk is closed to passengers',
    );
  });

  it('flies low-cost carriers in one cabin with no return fares, network carriers with returns', () => {
    const lowCost = new Set(CARRIERS.filter((c) => c.model === 'low_cost').map((c) => c.code));
    assert.ok(lowCost.size > 0);
    const lcc = world.schedules.filter((s) => lowCost.has(s.carrier));
    assert.ok(lcc.length > 0);
    for (const s of lcc)
      assert.deepEqual(Object.keys(s.capacity), ['economy'], `${s.carrier}${s.flight_number}`);
    const lccFares = world.fares.filter((f) => lowCost.has(f.carrier));
    assert.ok(lccFares.every((f) => f.cabin === 'economy' && f.pricing?.round_trip_percent === undefined));
    const network = world.fares.filter((f) => !lowCost.has(f.carrier));
    assert.ok(network.every((f) => f.pricing?.round_trip_percent === 80));
    assert.ok(network.some((f) => f.cabin === 'business'));
  });

  it('flies east faster than west, with the prevailing winds', () => {
    const east = flights('JFK', 'LHR')[0]!;
    const west = flights('LHR', 'JFK')[0]!;
    assert.ok(east.duration_minutes < west.duration_minutes);
  });

  it("files fares in the carrier's home currency, dearer close to departure", () => {
    const fareOf = (carrier: string, origin: string, destination: string) =>
      world.fares.find(
        (f) =>
          f.carrier === carrier &&
          f.origin === origin &&
          f.destination === destination &&
          f.cabin === 'economy' &&
          f.brand === 'light',
      )!;
    assert.equal(fareOf('BA', 'LHR', 'JFK').currency, 'GBP');
    assert.equal(fareOf('LH', 'FRA', 'MUC').currency, 'EUR');
    assert.ok(world.fares.some((f) => f.carrier === 'NH' && f.currency === 'JPY'));
    const ba = asFare(fareOf('BA', 'LHR', 'JFK'));
    const departure = addDays(START, 100);
    const priced = (daysAhead: number) =>
      priceItinerary(
        [{ fare: ba, sold: 0, capacity: 200, date: departure }],
        { adults: 1, children: [], infants: 0 },
        {
          saleDate: addDays(departure, -daysAhead),
          rates: REFERENCE_RATES,
        },
      )!.total_amount;
    assert.ok(priced(2) > priced(30), 'two days out costs more than a month out');
    assert.ok(priced(30) > priced(200), 'a month out costs more than half a year out');
    const back = fareOf('BA', 'JFK', 'LHR');
    assert.notEqual(back.adult, fareOf('BA', 'LHR', 'JFK').adult, 'the two directions are priced apart');
  });
});

/** A fare record as the network holds it. */
function asFare(f: FareRecord): Fare {
  return {
    brand: f.brand,
    currency: f.currency,
    adult: f.adult,
    child: f.child,
    infant: f.infant,
    tax: f.tax,
    infantTax: f.infant_tax,
    checkedBags: f.checked_bags,
    cabinBags: f.cabin_bags,
    change: f.change,
    refund: f.refund,
    seatFees: f.seat_fees ?? { standard: 0, preferred: 0 },
    extraBags: f.extra_bags ?? null,
    pricing: farePricingOf(f.pricing ? JSON.stringify(f.pricing) : null),
  };
}
