import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import {
  type City,
  flightOneWays,
  flightReturns,
  hotelCityStays,
  hotelRadiusStays,
} from '../../bench/distinct-questions.ts';
import { generateNetwork } from '../../src/modules/flights/index.ts';
import { generateHotels } from '../../src/modules/hotels/index.ts';
import { signIn } from '../helpers/factories.ts';
import { dayAfter } from '../helpers/flights.ts';
import { buildTestApp, type TestApp, testCatalogue } from '../helpers/test-app.ts';

/**
 * Search answers at the M preset on a fixed date, kept in test/golden/search-m.json: a rewrite of search
 * for speed must give the same offers, prices and order. The file is written again, on purpose, with
 * `UPDATE_GOLDEN=1 npm test -- test/golden/search-golden.test.ts` after a change meant to alter answers
 * (the demo world, fares, pricing); the diff then shows what moved.
 */
const GOLDEN = new URL('./search-m.json', import.meta.url);
const START = new Date('2027-03-01T08:00:00Z');

type Digest = Record<string, unknown[]>;

const flightDigest = (offer: any) => ({
  brand: offer.brand,
  total: `${offer.total_amount} ${offer.total_currency}`,
  flights: offer.slices.map((s: any) =>
    s.segments
      .map((x: any) => `${x.flight_number} ${x.origin}-${x.destination} ${x.departing_at}`)
      .join(' + '),
  ),
});

const hotelDigest = (result: any) => ({
  hotel: result.hotel.name,
  stars: result.hotel.stars,
  cheapest: `${result.cheapest_total_amount} ${result.currency}`,
  options: result.options.length,
  first: `${result.options[0].room_type.code}/${result.options[0].rate_plan.code}`,
});

describe('search answers at M are what they were (golden)', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const found: Digest = {};
  before(async () => {
    t = await buildTestApp({ clockStart: START });
    const today = START.toISOString().slice(0, 10);
    await t.flights.importNetwork(generateNetwork(testCatalogue(), 'M', today));
    await t.hotels.importHotels(generateHotels(testCatalogue(), 'M', today));
    await t.flights.refreshNetwork();
    await t.hotels.refreshIndex();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: auth, payload });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as any[];
  };
  const flights = (slices: Array<[string, string, number]>, extra: object = {}) =>
    post('/search_flight', {
      slices: slices.map(([origin, destination, days]) => ({
        origin,
        destination,
        departure_date: dayAfter(t, days),
      })),
      passengers: { adults: 1 },
      limit: 10,
      ...extra,
    });
  const hotels = (destination: object, days: number, nights: number) =>
    post('/search_hotels', {
      destination,
      check_in: dayAfter(t, days),
      check_out: dayAfter(t, days + nights),
      rooms: [{ adults: 2 }],
      // Every option, as answered before options were sized: the digest counts them.
      options: 'all',
      limit: 10,
    });

  it('gives the same flight offers, prices and order', async () => {
    found['one-way LHR-JFK'] = (await flights([['LHR', 'JFK', 21]])).map(flightDigest);
    found['return LHR-JFK, two adults'] = (
      await flights(
        [
          ['LHR', 'JFK', 21],
          ['JFK', 'LHR', 28],
        ],
        { passengers: { adults: 2 } },
      )
    ).map(flightDigest);
    found['FRA-NRT with connections'] = (await flights([['FRA', 'NRT', 35]], { max_connections: 2 })).map(
      flightDigest,
    );
    found['CDG-BCN close to departure'] = (await flights([['CDG', 'BCN', 3]])).map(flightDigest);
    found['SIN-SYD business'] = (await flights([['SIN', 'SYD', 60]], { cabin: 'business' })).map(
      flightDigest,
    );
    for (const [name, offers] of Object.entries(found)) assert.ok(offers.length > 0, name);
  });

  it('gives the same hotels, prices and order', async () => {
    found['hotels in Paris, 3 nights'] = (await hotels({ city_id: 'cty_2988507' }, 30, 3)).map(hotelDigest);
    found['hotels within 3 km of Shibuya'] = (
      await hotels({ latitude: 35.658, longitude: 139.7016, radius_km: 3 }, 45, 2)
    ).map(hotelDigest);
    for (const [name, results] of Object.entries(found))
      if (name.startsWith('hotels')) assert.ok(results.length > 0, name);
  });

  // Questions nobody asked before (the benchmark's seeded sequences): a search that is fast only when
  // it has answered the same before would show here as a different answer, not a slower one.
  const day = (n: number) => dayAfter(t, n);

  it('gives the same answers to seeded distinct flight questions', async () => {
    const oneWays = flightOneWays(day, 11);
    for (let i = 0; i < 16; i++) {
      const body = oneWays();
      found[`distinct one-way ${JSON.stringify(body)}`] = (
        await post('/search_flight', { ...body, limit: 5 })
      ).map(flightDigest);
    }
    const returns = flightReturns(day, 12);
    for (let i = 0; i < 8; i++) {
      const body = returns();
      found[`distinct return ${JSON.stringify(body)}`] = (
        await post('/search_flight', { ...body, limit: 5 })
      ).map(flightDigest);
    }
    // The days clocks change in Europe (28 March 2027) and in North America (14 March 2027).
    for (const [origin, destination, date] of [
      ['LHR', 'JFK', '2027-03-28'],
      ['CDG', 'ORD', '2027-03-14'],
      ['ORD', 'FRA', '2027-03-14'],
    ]) {
      const body = { slices: [{ origin, destination, departure_date: date }], passengers: { adults: 1 } };
      found[`clock change ${origin}-${destination} ${date}`] = (
        await post('/search_flight', { ...body, max_connections: 1, limit: 10 })
      ).map(flightDigest);
    }
    assert.ok(Object.values(found).filter((offers) => offers.length > 0).length > 20);
  });

  it('gives the same answers to seeded distinct hotel questions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/b2c/hotel_cities?limit=40', headers: auth });
    const cities = res.json().data as City[];
    const byCity = hotelCityStays(day, cities, 13);
    for (let i = 0; i < 12; i++) {
      const body = byCity();
      found[`distinct city stay ${JSON.stringify(body)}`] = (
        await post('/search_hotels', { ...body, options: 'all', limit: 5 })
      ).map(hotelDigest);
    }
    const byRadius = hotelRadiusStays(day, cities, 14);
    for (let i = 0; i < 8; i++) {
      const body = byRadius();
      found[`distinct radius stay ${JSON.stringify(body)}`] = (
        await post('/search_hotels', { ...body, options: 'all', limit: 5 })
      ).map(hotelDigest);
    }
  });

  it('matches the golden file', () => {
    const text = `${JSON.stringify(found, null, 1)}\n`;
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(GOLDEN)) {
      writeFileSync(GOLDEN, text);
      if (process.env.UPDATE_GOLDEN !== '1')
        assert.fail('test/golden/search-m.json was missing and is now written: commit it');
      return;
    }
    assert.deepEqual(found, JSON.parse(readFileSync(GOLDEN, 'utf8')));
  });
});
