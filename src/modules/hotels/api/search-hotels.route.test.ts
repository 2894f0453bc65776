import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter } from '../../../../test/helpers/flights.ts';
import { LONDON, PARIS, seedHotels, stay } from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp, testCatalogue } from '../../../../test/helpers/test-app.ts';
import { up as backfillChanges } from '../../../db/migrations/0025-inventory-changes-backfill.ts';

describe('POST /search_hotels', () => {
  let t: TestApp;
  let auth: { authorization: string };
  before(async () => {
    t = await buildTestApp();
    await seedHotels(t);
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const search = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/search_hotels', headers: auth, payload: body });
    return { status: res.statusCode, body: res.json() };
  };

  it('finds a city’s hotels with priced options, cheapest first, taxes apart and a cancellation timeline', async () => {
    const { status, body } = await search(stay(t, 20, 3));
    assert.equal(status, 200, JSON.stringify(body));
    assert.ok(body.total_count > 0 && body.data.length > 0);
    assert.ok(body.data.every((h: any) => h.hotel.city_id === LONDON));
    const cheapest = body.data.map((h: any) => h.cheapest_total_amount);
    assert.deepEqual(
      cheapest,
      [...cheapest].sort((a: number, b: number) => a - b),
    );
    const option = body.data[0].options[0];
    assert.equal(option.total_amount, body.data[0].cheapest_total_amount);
    assert.equal(option.nightly.length, 3);
    assert.equal(
      option.nightly.reduce((n: number, x: any) => n + x.amount, 0),
      option.total_amount,
    );
    assert.ok(option.tax_included_amount > 0 && option.tax_included_amount < option.total_amount);
    assert.match(option.rate_key, /^rk_/);
    assert.equal(option.currency, 'GBP');
    const every = (await search({ ...stay(t, 20, 3), options: 'all' })).body;
    const refundable = every.data[0].options.find((o: any) => o.cancellation.refundable);
    assert.match(refundable.cancellation.free_cancellation_until, /T18:00:00\+00:00$/);
    assert.ok(body.data[0].distance_km >= 0);
  });

  it('carries the cheapest option of each room type, and every option on request', async () => {
    const sized = (await search(stay(t, 20, 3))).body.data;
    const every = (await search({ ...stay(t, 20, 3), options: 'all' })).body.data;
    assert.deepEqual(
      sized.map((h: any) => h.hotel.id),
      every.map((h: any) => h.hotel.id),
      'the same hotels in the same order',
    );
    let fewer = 0;
    for (const [i, hotel] of sized.entries()) {
      const all = every[i].options;
      assert.equal(hotel.options_count, all.length);
      assert.equal(every[i].options_count, all.length);
      const types = [...new Set(all.map((o: any) => o.room_type.code))];
      assert.deepEqual(
        hotel.options.map((o: any) => o.room_type.code),
        types,
        'one option per room type, in the order of their cheapest',
      );
      for (const option of hotel.options) {
        const ofType = all.filter((o: any) => o.room_type.code === option.room_type.code);
        assert.equal(option.total_amount, Math.min(...ofType.map((o: any) => o.total_amount)));
      }
      if (hotel.options.length < all.length) fewer++;
    }
    assert.ok(fewer > 0, 'some hotel has several rate plans for a room type');
  });

  it('gives each hotel its distance to the city centre, the main station and the airport', async () => {
    const { body } = await search(stay(t, 20, 1));
    const radians = Math.PI / 180;
    const km = (a: [number, number], b: [number, number]) => {
      const h =
        Math.sin(((b[0] - a[0]) * radians) / 2) ** 2 +
        Math.cos(a[0] * radians) * Math.cos(b[0] * radians) * Math.sin(((b[1] - a[1]) * radians) / 2) ** 2;
      return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
    };
    const lhr = testCatalogue().airportByCode.get('LHR')!;
    for (const { hotel, distance_km, points_of_interest } of body.data) {
      const [centre, station, airport] = points_of_interest;
      assert.deepEqual(
        points_of_interest.map((p: any) => p.type),
        ['city_centre', 'main_station', 'airport'],
      );
      assert.equal(centre.distance_km, distance_km, 'a city search measures from the centre');
      assert.equal(station.name, 'London Waterloo');
      assert.equal(airport.code, 'LHR', 'the busiest of London’s airports');
      const expected = km([hotel.latitude, hotel.longitude], [lhr.latitude, lhr.longitude]);
      assert.ok(Math.abs(airport.distance_km - expected) < 0.01, `${airport.distance_km} vs ${expected}`);
    }
  });

  it('offers only rooms that fit each requested room, and prices several rooms together', async () => {
    const family = await search(stay(t, 20, 2, { rooms: [{ adults: 2, children: [4, 9] }] }));
    assert.ok(family.body.data.length > 0);
    assert.ok(family.body.data.every((h: any) => h.options.every((o: any) => o.room_type.code === 'FAM')));
    const one = (await search(stay(t, 20, 2, { destination: { hotel_ids: [family.body.data[0].hotel.id] } })))
      .body.data[0];
    const two = (
      await search(
        stay(t, 20, 2, {
          destination: { hotel_ids: [family.body.data[0].hotel.id] },
          rooms: [{ adults: 2 }, { adults: 2 }],
        }),
      )
    ).body.data[0];
    const same = (h: any, o: any) =>
      h.options.find(
        (x: any) => x.room_type.code === o.room_type.code && x.rate_plan.code === o.rate_plan.code,
      );
    const single = one.options[0];
    assert.equal(same(two, single).total_amount, 2 * single.total_amount);
  });

  it('respects minimum stay: the saver rate needs two nights', async () => {
    const oneNight = await search(stay(t, 21, 1));
    assert.ok(
      oneNight.body.data.every((h: any) => h.options.every((o: any) => o.rate_plan.code !== 'SAVER')),
    );
    const twoNights = await search(stay(t, 21, 2));
    assert.ok(twoNights.body.data.some((h: any) => h.options.some((o: any) => o.rate_plan.code === 'SAVER')));
  });

  it('filters by stars, board, refundability, price and name', async () => {
    const all = (await search(stay(t, 25, 2, { limit: 50 }))).body.data;
    const stars = all[0].hotel.stars;
    const byStars = (await search(stay(t, 25, 2, { filters: { stars: [stars] }, limit: 50 }))).body.data;
    assert.ok(byStars.length > 0 && byStars.every((h: any) => h.hotel.stars === stars));
    const bb = (
      await search(
        stay(t, 25, 2, { filters: { boards: ['bed_and_breakfast'], refundable_only: true }, limit: 50 }),
      )
    ).body.data;
    assert.ok(
      bb.every((h: any) =>
        h.options.every((o: any) => o.board === 'bed_and_breakfast' && o.cancellation.refundable),
      ),
    );
    const cap = all[Math.floor(all.length / 2)].cheapest_total_amount;
    const cheap = (await search(stay(t, 25, 2, { filters: { max_total_amount: cap }, limit: 50 }))).body.data;
    assert.ok(
      cheap.length > 0 && cheap.every((h: any) => h.options.every((o: any) => o.total_amount <= cap)),
    );
    const word = all[0].hotel.name.split(' ')[0].toLowerCase();
    const named = (await search(stay(t, 25, 2, { filters: { name: word }, limit: 50 }))).body.data;
    assert.ok(named.length > 0 && named.every((h: any) => h.hotel.name.toLowerCase().includes(word)));
  });

  it('sorts every key the same way: ascending, or descending with a minus; the old version keeps stars reversed', async () => {
    const starsOf = (body: any) => body.data.map((h: any) => h.hotel.stars);
    const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);
    const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! >= x);
    const fewest = starsOf((await search(stay(t, 25, 2, { sort: 'stars', limit: 50 }))).body);
    const most = starsOf((await search(stay(t, 25, 2, { sort: '-stars', limit: 50 }))).body);
    assert.ok(new Set(fewest).size > 1, 'hotels of several star ratings');
    assert.ok(ascending(fewest), `stars: ${fewest}`);
    assert.ok(descending(most), `-stars: ${most}`);
    const old = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: { ...auth, 'itinera-version': '2026-11-21' },
      payload: stay(t, 25, 2, { sort: 'stars', limit: 50 }),
    });
    assert.equal(old.headers['itinera-version'], '2026-11-21');
    assert.deepEqual(starsOf(old.json()), most, 'in 2026-11-21, stars meant most first');
  });

  it('compares prices across currencies through the rates, and filters in the currency asked for', async () => {
    const london = (await search(stay(t, 25, 2, { limit: 5 }))).body.data;
    const paris = (await search({ ...stay(t, 25, 2, { limit: 5 }), destination: { city_id: PARIS } })).body
      .data;
    assert.deepEqual([london[0].currency, paris[0].currency], ['GBP', 'EUR']);
    const ids = [...london, ...paris].map((h: any) => h.hotel.id);
    const mixed = { ...stay(t, 25, 2, { limit: 50 }), destination: { hotel_ids: ids } };

    const byPrice = (await search({ ...mixed, currency: 'EUR' })).body;
    assert.equal(byPrice.data.length, ids.length);
    assert.equal(typeof byPrice.exchange_rates_as_of, 'string');
    const inEuros = byPrice.data.map((h: any) => h.cheapest_in_currency.amount);
    assert.deepEqual(
      inEuros,
      [...inEuros].sort((a: number, b: number) => a - b),
      'cheapest first, in euros',
    );
    for (const h of byPrice.data) {
      assert.equal(h.cheapest_in_currency.currency, 'EUR');
      if (h.currency === 'EUR') assert.equal(h.cheapest_in_currency.amount, h.cheapest_total_amount);
      else assert.notEqual(h.cheapest_in_currency.amount, h.cheapest_total_amount);
    }

    const unclear = await search({ ...mixed, filters: { max_total_amount: 50_000 } });
    assert.equal(unclear.status, 400);
    assert.equal(unclear.body.errors[0].pointer, '/currency');
    const cap = inEuros[Math.floor(inEuros.length / 2)];
    const capped = (await search({ ...mixed, currency: 'EUR', filters: { max_total_amount: cap } })).body
      .data;
    assert.ok(capped.length > 0 && capped.length < ids.length);
    assert.ok(capped.every((h: any) => h.cheapest_in_currency.amount <= cap));
    assert.ok(
      capped.some((h: any) => h.currency === 'GBP'),
      'a pound price passes a euro cap by its value',
    );

    const unknown = await search({ ...mixed, currency: 'XXY' });
    assert.equal(unknown.status, 400);
  });

  it('searches around a point, nearest first within the radius', async () => {
    const paris = testCatalogue().cityById.get(PARIS)!;
    const { body } = await search({
      ...stay(t, 20, 2),
      destination: { latitude: paris.latitude, longitude: paris.longitude, radius_km: 3 },
      sort: 'distance',
    });
    assert.ok(body.data.length > 0);
    const d = body.data.map((h: any) => h.distance_km);
    assert.ok(d.every((x: number) => x <= 3));
    assert.deepEqual(
      d,
      [...d].sort((a: number, b: number) => a - b),
    );
  });

  it('sees room nights stored before the change log once the log is filled for them, and reads nothing for a stay no night of which changed', async () => {
    const hotelId = (await search(stay(t, 150, 2))).body.data[0].hotel.id;
    const std = async (adults: number) =>
      (
        await search(stay(t, 150, 2, { destination: { hotel_ids: [hotelId] }, rooms: [{ adults }] }))
      ).body.data[0].options.filter((o: any) => o.room_type.code === 'STD');
    assert.ok((await std(2)).every((o: any) => o.rooms_left > 1));
    // A night allotted as a store older than the change log holds it: no change logged with it.
    const roomType = (await t.hotels.repository.roomTypesOf(hotelId)).find((r) => r.code === 'STD')!;
    await t.storage.db
      .insertInto('room_night_overrides')
      .values({
        room_type_id: roomType.id,
        night: dayAfter(t, 151),
        rooms: 1,
        closed: 0,
        closed_to_arrival: 0,
      })
      .execute();
    const unseen = await std(1);
    assert.ok(unseen.length > 0 && unseen.every((o: any) => o.rooms_left > 1), 'not read: no change logged');
    await backfillChanges(t.storage.db as unknown as Kysely<unknown>);
    for (const adults of [1, 2]) {
      const seen = await std(adults);
      assert.ok(seen.length > 0 && seen.every((o: any) => o.rooms_left === 1), JSON.stringify(seen));
    }
  });

  it('reads live allotment: rooms left and closed nights, as soon as they are set', async () => {
    const hotelId = (await search(stay(t, 40, 2))).body.data[0].hotel.id;
    const ofHotel = stay(t, 40, 2, { destination: { hotel_ids: [hotelId] } });
    const std = async () =>
      (await search(ofHotel)).body.data[0].options.filter((o: any) => o.room_type.code === 'STD');
    assert.ok(
      (await std()).every((o: any) => o.rooms_left > 1),
      'before',
    );
    const admin = (await signIn(t, 'admin')).auth;
    const allot = async (body: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/set_allotment',
        headers: admin,
        payload: { hotel_id: hotelId, room_type: 'STD', ...body },
      });
      assert.equal(res.statusCode, 200, res.body);
    };
    await allot({ from: dayAfter(t, 41), to: dayAfter(t, 41), rooms: 1 });
    const one = await std();
    assert.ok(one.length > 0 && one.every((o: any) => o.rooms_left === 1), JSON.stringify(one));
    await allot({ from: dayAfter(t, 40), to: dayAfter(t, 40), closed: true });
    assert.deepEqual(await std(), []);
    await allot({ from: dayAfter(t, 40), to: dayAfter(t, 41), rooms: null, closed: false });
    assert.ok(
      (await std()).every((o: any) => o.rooms_left > 1),
      'the defaults again',
    );
  });

  it('pages with a cursor and a total count', async () => {
    const first = (await search(stay(t, 30, 1, { limit: 3 }))).body;
    assert.equal(first.data.length, 3);
    const second = (await search({ ...stay(t, 30, 1, { limit: 3 }), cursor: first.next_cursor })).body;
    const ids = new Set(first.data.map((h: any) => h.hotel.id));
    assert.ok(second.data.every((h: any) => !ids.has(h.hotel.id)));
    assert.equal(second.total_count, first.total_count);
  });

  it('refuses bad stays and destinations with a pointer', async () => {
    const cases: Array<[object, string]> = [
      [stay(t, 10, 0), '/check_out'],
      [stay(t, 10, 31), '/check_out'],
      [stay(t, -5, 2), '/check_in'],
      [stay(t, 400, 2), '/check_in'],
      [stay(t, 10, 2, { destination: { city_id: 'cty_0' } }), '/destination/city_id'],
      [stay(t, 10, 2, { rooms: [] }), '/rooms'],
    ];
    for (const [body, pointer] of cases) {
      const res = await search(body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.code, 'VALIDATION_FAILED');
      assert.equal(res.body.errors[0].pointer, pointer);
    }
  });
});
