import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter, searchBody, seedFlights } from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { minimumConnectionMinutes } from '../search/connection-rules.ts';

describe('POST /search_flight', () => {
  let t: TestApp;
  let auth: { authorization: string };
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const search = async (body: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/search_flight',
      headers: auth,
      payload: body as object,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('offers nothing that departs within the hour or has left, on today’s date', async () => {
    const body = searchBody(t, [['LHR', 'CDG', 0]], { max_connections: 0, limit: 50 });
    const departures = async (caller: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: caller,
        payload: body,
      });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json().data as any[]).map((o) => Date.parse(o.slices[0].segments[0].departing_at));
    };
    const before = await departures(auth);
    assert.ok(before.length > 0, 'later flights today are offered');
    assert.ok(
      before.every((at) => at - t.clock.now().getTime() >= 60 * 60_000),
      'none leaves within the hour',
    );
    t.clock.advance(6 * 3600);
    try {
      const later = await departures((await signIn(t)).auth);
      assert.ok(later.every((at) => at - t.clock.now().getTime() >= 60 * 60_000));
      assert.ok(later.length < before.length, 'flights drop out as their time comes');
    } finally {
      t.clock.advance(-6 * 3600);
    }
  });

  it('finds direct one-way offers with local times, zones and a price per passenger type', async () => {
    const { status, body } = await search(searchBody(t, [['LHR', 'JFK', 10]], { max_connections: 0 }));
    assert.equal(status, 200, JSON.stringify(body));
    assert.ok(body.data.length > 0);
    const offer = body.data[0];
    assert.match(offer.id, /^off_/);
    assert.equal(offer.total_currency, 'EUR');
    assert.equal(offer.total_amount, offer.base_amount + offer.tax_amount);
    const segment = offer.slices[0].segments[0];
    assert.equal(segment.origin, 'LHR');
    assert.equal(segment.destination, 'JFK');
    assert.equal(segment.origin_time_zone, 'Europe/London');
    assert.equal(segment.destination_time_zone, 'America/New_York');
    assert.match(segment.departing_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+00:00$/);
    assert.match(segment.arriving_at, /-05:00$/);
    const elapsed = (Date.parse(segment.arriving_at) - Date.parse(segment.departing_at)) / 60_000;
    assert.equal(elapsed, segment.duration_minutes);
    assert.ok(body.data.every((o: any) => o.slices[0].connections === 0));
    const prices = body.data.map((o: any) => o.total_amount);
    assert.deepEqual(
      prices,
      [...prices].sort((a: number, b: number) => a - b),
    );
  });

  it('connects through a hub, respecting each airport’s minimum connection time', async () => {
    const { status, body } = await search(
      searchBody(t, [['DUB', 'VIE', 12]], { max_connections: 1, limit: 50 }),
    );
    assert.equal(status, 200);
    const connecting = body.data.filter((o: any) => o.slices[0].connections === 1);
    assert.ok(connecting.length > 0, 'DUB–VIE needs a connection in the S network');
    for (const offer of connecting) {
      const [first, second] = offer.slices[0].segments;
      assert.equal(first.destination, second.origin);
      const hub = first.destination;
      const gap = (Date.parse(second.departing_at) - Date.parse(first.arriving_at)) / 60_000;
      assert.equal(first.connection_minutes, gap);
      const airport = (
        await t.app.inject({ method: 'GET', url: `/b2c/airports/${hub}`, headers: auth })
      ).json();
      assert.ok(gap >= minimumConnectionMinutes(airport), `${gap} min at ${hub}`);
      assert.ok(gap <= 360);
    }
    const none = await search(searchBody(t, [['DUB', 'VIE', 12]], { max_connections: 0 }));
    assert.ok(none.body.data.every((o: any) => o.slices[0].connections === 0));
  });

  it('prices return trips as two slices and multi-city trips as several', async () => {
    const round = await search(
      searchBody(t, [
        ['CDG', 'MAD', 5],
        ['MAD', 'CDG', 9],
      ]),
    );
    assert.equal(round.status, 200);
    const offer = round.body.data[0];
    assert.equal(offer.slices.length, 2);
    assert.equal(offer.slices[0].origin, 'CDG');
    assert.equal(offer.slices[1].destination, 'CDG');
    assert.equal(offer.slices[1].departure_date, dayAfter(t, 9));
    const multi = await search(
      searchBody(t, [
        ['AMS', 'LHR', 3],
        ['LHR', 'JFK', 6],
        ['JFK', 'AMS', 12],
      ]),
    );
    assert.equal(multi.status, 200);
    assert.deepEqual(
      multi.body.data[0].slices.map((s: any) => [s.origin, s.destination]),
      [
        ['AMS', 'LHR'],
        ['LHR', 'JFK'],
        ['JFK', 'AMS'],
      ],
    );
  });

  it('sums fares per passenger type: children below adults, infants without seats', async () => {
    const adult = (await search(searchBody(t, [['LHR', 'CDG', 7]], { max_connections: 0 }))).body.data[0];
    const family = (
      await search(
        searchBody(t, [['LHR', 'CDG', 7]], {
          max_connections: 0,
          passengers: { adults: 2, children: [7], infants: 1 },
        }),
      )
    ).body.data.find(
      (o: any) =>
        o.slices[0].segments[0].flight_id === adult.slices[0].segments[0].flight_id &&
        o.brand === adult.brand,
    );
    const types = Object.fromEntries(family.passengers.map((p: any) => [p.type, p]));
    assert.equal(types.adult.count, 2);
    assert.equal(types.adult.total_amount, adult.total_amount);
    assert.ok(types.child.base_amount < types.adult.base_amount);
    assert.ok(types.infant.total_amount < types.child.total_amount);
    assert.equal(
      family.total_amount,
      2 * types.adult.total_amount + types.child.total_amount + types.infant.total_amount,
    );
  });

  it('searches every airport of a city', async () => {
    const london = (await t.app.inject({ method: 'GET', url: '/b2c/airports/LHR', headers: auth })).json()
      .city_id;
    const { status, body } = await search(searchBody(t, [[london, 'FRA', 8]]));
    assert.equal(status, 200);
    assert.ok(body.data.length > 0);
    // A metropolitan area code means the same airports as its city.
    const metro = await search(searchBody(t, [['LON', 'FRA', 8]]));
    assert.equal(metro.status, 200);
    assert.deepEqual(
      metro.body.data.map((o: any) => o.id.length > 0 && o.total_amount),
      body.data.map((o: any) => o.id.length > 0 && o.total_amount),
    );
    const nyc = await search(searchBody(t, [['NYC', 'lon', 9]], { max_connections: 0 }));
    assert.equal(nyc.status, 200, JSON.stringify(nyc.body));
    assert.ok(nyc.body.data.length > 0);
    assert.ok(
      nyc.body.data.every(
        (o: any) =>
          ['JFK', 'EWR', 'LGA'].includes(o.slices[0].origin) &&
          ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'].includes(o.slices[0].destination),
      ),
    );
    const unknown = await search(searchBody(t, [['QQQ', 'FRA', 8]]));
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.errors[0].detail, /metropolitan area code/);
  });

  it('filters by airline, price and time of day, and sorts by departure or duration', async () => {
    const only = await search(
      searchBody(t, [['DUB', 'VIE', 12]], { airlines: { include: ['BA'] }, limit: 50 }),
    );
    assert.ok(only.body.data.length > 0);
    assert.ok(only.body.data.every((o: any) => o.slices[0].segments.every((s: any) => s.carrier === 'BA')));
    const without = await search(
      searchBody(t, [['DUB', 'VIE', 12]], { airlines: { exclude: ['BA'] }, limit: 50 }),
    );
    assert.ok(
      without.body.data.every((o: any) => o.slices[0].segments.every((s: any) => s.carrier !== 'BA')),
    );
    const all = await search(searchBody(t, [['LHR', 'JFK', 10]], { limit: 50 }));
    const cap = all.body.data[Math.floor(all.body.data.length / 2)].total_amount;
    const cheap = await search(searchBody(t, [['LHR', 'JFK', 10]], { limit: 50, max_total_amount: cap }));
    assert.ok(cheap.body.data.length > 0 && cheap.body.data.every((o: any) => o.total_amount <= cap));
    const morning = await search({
      ...searchBody(t, [['LHR', 'CDG', 7]]),
      slices: [
        {
          origin: 'LHR',
          destination: 'CDG',
          departure_date: dayAfter(t, 7),
          departure_time: { from: '06:00', to: '11:59' },
        },
      ],
    });
    assert.ok(
      morning.body.data.every((o: any) => o.slices[0].segments[0].departing_at.slice(11, 16) <= '11:59'),
    );
    const byDeparture = await search(searchBody(t, [['LHR', 'CDG', 7]], { sort: 'departure', limit: 50 }));
    const times = byDeparture.body.data.map((o: any) => Date.parse(o.slices[0].segments[0].departing_at));
    assert.deepEqual(
      times,
      [...times].sort((a: number, b: number) => a - b),
    );
    const byDuration = await search(searchBody(t, [['DUB', 'VIE', 12]], { sort: 'duration', limit: 50 }));
    const durations = byDuration.body.data.map((o: any) => o.slices[0].duration_minutes);
    assert.deepEqual(
      durations,
      [...durations].sort((a: number, b: number) => a - b),
    );
  });

  it('pages with a cursor without repeating offers', async () => {
    const first = await search(searchBody(t, [['LHR', 'JFK', 10]], { limit: 3 }));
    assert.equal(first.body.data.length, 3);
    assert.ok(first.body.total_count > 3);
    const second = await search({
      ...searchBody(t, [['LHR', 'JFK', 10]], { limit: 3 }),
      cursor: first.body.next_cursor,
    });
    const key = (o: any) =>
      `${o.brand}|${o.slices.map((s: any) => s.segments.map((g: any) => g.flight_id).join(',')).join('/')}`;
    const seen = new Set(first.body.data.map(key));
    assert.ok(second.body.data.every((o: any) => !seen.has(key(o))));
    const wrong = await search({
      ...searchBody(t, [['LHR', 'CDG', 10]], { limit: 3 }),
      cursor: first.body.next_cursor,
    });
    assert.equal(wrong.body.code, 'INVALID_CURSOR');
  });

  it('says whether total_count is every offer or a lower bound', async () => {
    const direct = searchBody(t, [['LHR', 'JFK', 10]], { max_connections: 0, limit: 50 });
    const few = await search(direct);
    assert.equal(few.body.total_count_capped, false);
    const seen = [...few.body.data];
    for (let cursor = few.body.next_cursor; cursor; ) {
      const next = await search({ ...direct, cursor });
      seen.push(...next.body.data);
      cursor = next.body.next_cursor;
    }
    assert.equal(
      seen.length,
      few.body.total_count,
      'an uncapped count is the number of offers paged through',
    );

    // A return trip keeps a few options per slice and brand: the one-way search shows there are more.
    const slices: Array<[string, string, number]> = [
      ['CDG', 'MAD', 5],
      ['MAD', 'CDG', 9],
    ];
    const round = await search(searchBody(t, slices, { max_connections: 1, limit: 50 }));
    assert.equal(round.body.total_count_capped, true);
    const outbound = await search(searchBody(t, [slices[0]!], { max_connections: 1, limit: 50 }));
    const brand = round.body.data[0].brand;
    const flightsOf = (slice: any) => slice.segments.map((g: any) => g.flight_id).join(',');
    const inRound = new Set(
      round.body.data.filter((o: any) => o.brand === brand).map((o: any) => flightsOf(o.slices[0])),
    );
    const oneWay = new Set(
      outbound.body.data.filter((o: any) => o.brand === brand).map((o: any) => flightsOf(o.slices[0])),
    );
    assert.ok(oneWay.size > inRound.size, `${oneWay.size} ways out exist, ${inRound.size} combined`);
  });

  it('returns a price calendar for flexible dates', async () => {
    const { body } = await search(searchBody(t, [['LHR', 'CDG', 10]], { flexible_days: 2 }));
    assert.equal(body.calendar.length, 5);
    assert.deepEqual(
      body.calendar.map((c: any) => c.departure_dates[0]),
      [8, 9, 10, 11, 12].map((d) => dayAfter(t, d)),
    );
    const today = body.calendar.find((c: any) => c.departure_dates[0] === dayAfter(t, 10));
    assert.equal(today.lowest_total_amount, body.data[0].total_amount);
    const round = await search(
      searchBody(
        t,
        [
          ['LHR', 'CDG', 10],
          ['CDG', 'LHR', 14],
        ],
        { flexible_days: 1 },
      ),
    );
    assert.equal(round.body.calendar.length, 9);
  });

  it('refuses bad searches with VALIDATION_FAILED and a pointer', async () => {
    const cases: Array<[unknown, string]> = [
      [searchBody(t, [['LHR', 'XXX', 5]]), '/slices/0/destination'],
      [searchBody(t, [['LHR', 'LHR', 5]]), '/slices/0/destination'],
      [searchBody(t, [['LHR', 'CDG', -3]]), '/slices/0/departure_date'],
      [searchBody(t, [['LHR', 'CDG', 400]]), '/slices/0/departure_date'],
      [
        searchBody(t, [
          ['LHR', 'CDG', 9],
          ['CDG', 'LHR', 5],
        ]),
        '/slices/1/departure_date',
      ],
      [searchBody(t, [['LHR', 'CDG', 5]], { passengers: { adults: 1, infants: 2 } }), '/passengers/infants'],
      [searchBody(t, [['LHR', 'CDG', 5]], { passengers: { adults: 0 } }), '/passengers/adults'],
      [searchBody(t, [['LHR', 'CDG', 5]], { cabin: 'cargo' }), '/cabin'],
      [{ ...searchBody(t, [['LHR', 'CDG', 5]]), slices: [] }, '/slices'],
    ];
    for (const [body, pointer] of cases) {
      const res = await search(body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'VALIDATION_FAILED');
      assert.equal(res.body.errors[0].pointer, pointer, JSON.stringify(res.body.errors));
    }
  });
});
