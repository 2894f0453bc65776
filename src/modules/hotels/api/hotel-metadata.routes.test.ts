import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../../test/helpers/factories.ts';
import { dayAfter } from '../../../../test/helpers/flights.ts';
import { LONDON, PARIS, seedHotels, stay } from '../../../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('hotel metadata under /b2c/ and hotel operations', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let admin: Record<string, string>;
  let file: Awaited<ReturnType<typeof seedHotels>>;
  before(async () => {
    t = await buildTestApp();
    file = await seedHotels(t);
    auth = (await signIn(t)).auth;
    admin = (await signIn(t, 'admin')).auth;
  });
  after(() => t.close());
  const get = async (url: string, headers = auth) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('lists the cities with hotels and their counts, most first', async () => {
    const { status, body } = await get('/b2c/hotel_cities');
    assert.equal(status, 200);
    assert.deepEqual(
      body.data.map((c: any) => [c.city_id, c.hotel_count]),
      [
        [LONDON, 12],
        ['cty_3128760', 6], // Barcelona: ties go by name
        [PARIS, 6],
      ],
    );
    assert.equal(body.total_count, 3);
    assert.deepEqual(
      (await get('/b2c/hotel_cities?country=fr')).body.data.map((c: any) => c.name),
      ['Paris'],
    );
  });

  it('feeds hotels in order of change, pages them, and reports a withdrawn hotel after updated_since', async () => {
    const first = await get('/b2c/hotels?limit=10');
    assert.equal(first.body.data.length, 10);
    const second = await get(`/b2c/hotels?limit=20&cursor=${first.body.next_cursor}`);
    assert.equal(second.body.data.length, 14);
    assert.equal(second.body.next_cursor, null);
    const seen = [...first.body.data, ...second.body.data].map((h: any) => h.id);
    assert.equal(new Set(seen).size, 24);
    const wrong = await get(`/b2c/hotels?limit=20&city_id=${PARIS}&cursor=${first.body.next_cursor}`);
    assert.equal(wrong.body.code, 'INVALID_CURSOR');

    t.clock.advance(60);
    const since = t.clock.now().toISOString(); // inclusive: a change at that very instant comes back
    const withdrawn = { ...file.hotels[0]!, active: false };
    const res = await t.app.inject({
      method: 'POST',
      url: '/import_hotels',
      headers: admin,
      payload: { hotels: [withdrawn] },
    });
    assert.equal(res.statusCode, 200, res.body);
    const changed = await get(`/b2c/hotels?updated_since=${encodeURIComponent(since)}`);
    assert.deepEqual(
      changed.body.data.map((h: any) => [h.code, h.active]),
      [[withdrawn.code, false]],
    );
    await t.hotels.refreshIndex();
    const id = changed.body.data[0].id;
    const search = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: auth,
      payload: stay(t, 10, 1, { destination: { hotel_ids: [id] } }),
    });
    assert.equal(search.json().total_count, 0, 'a withdrawn hotel is not for sale');
    const details = await get(`/b2c/hotels/${id}`);
    assert.equal(details.status, 200);
    assert.equal(details.body.active, false);
  });

  it('shows a hotel’s details with room types and rate plans; 404 for an unknown id', async () => {
    const list = await get(`/b2c/hotels?city_id=${PARIS}&limit=1`);
    const { status, body } = await get(`/b2c/hotels/${list.body.data[0].id}`);
    assert.equal(status, 200);
    assert.deepEqual(
      body.room_types.map((r: any) => r.code),
      ['FAM', 'STD', 'TWN'],
    );
    assert.deepEqual(
      body.rate_plans.map((p: any) => [p.code, p.refundable]),
      [
        ['FLEX-BB', true],
        ['FLEX-RO', true],
        ['SAVER', false],
      ],
    );
    assert.equal(body.time_zone, 'Europe/Paris');
    assert.ok(body.images.length > 0 && body.description.length > 0);
    assert.equal((await get('/b2c/hotels/htl_nope')).status, 404);
  });

  it('describes a hotel and its rooms in the reader’s language where it has one, English otherwise', async () => {
    const id = (await get('/b2c/hotels?limit=1')).body.data[0].id;
    const read = (language: string) =>
      t.app.inject({
        method: 'GET',
        url: `/b2c/hotels/${id}`,
        headers: { ...auth, 'accept-language': language },
      });
    const german = await read('de-CH, en;q=0.5');
    assert.equal(german.headers['content-language'], 'de');
    assert.match(String(german.headers.vary), /Accept-Language/i);
    assert.equal(german.json().description_language, 'de');
    assert.match(german.json().description, /Hotel mit \d Stern/);
    assert.match(german.json().room_types[0].description, /für bis zu \d (Gast|Gäste)/);
    const french = (await read('fr')).json();
    assert.match(french.description, / étoiles? /);
    assert.match(french.room_types[0].description, /jusqu’à/);
    const japanese = await read('ja');
    assert.equal(japanese.headers['content-language'], 'en', 'no Japanese: English');
    assert.match(japanese.json().description, /^A \d-star /);
    assert.match(japanese.json().room_types[0].description, /for up to/);
  });

  it('refuses descriptions that are not texts by language code, naming them', async () => {
    const hotel = structuredClone(file.hotels[0]!);
    (hotel as { descriptions: unknown }).descriptions = { german: 'Ein Hotel', fr: '' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/import_hotels',
      headers: admin,
      payload: { hotels: [hotel] },
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(
      res.json().errors.map((e: { pointer: string }) => e.pointer),
      ['/hotels/0/descriptions/german', '/hotels/0/descriptions/fr'],
    );
  });

  it('autocompletes destinations: cities first, then hotels by name', async () => {
    const paris = await get('/b2c/destinations?q=par');
    assert.equal(paris.body.data[0].type, 'city');
    assert.equal(paris.body.data[0].id, PARIS);
    assert.equal(paris.body.data[0].hotel_count, 6);
    const hotelName = (await get(`/b2c/hotels?city_id=${LONDON}&limit=1`)).body.data[0].name as string;
    const word = hotelName.split(' ')[0]!;
    const found = await get(`/b2c/destinations?q=${encodeURIComponent(word.toUpperCase())}&limit=50`);
    assert.ok(found.body.data.some((d: any) => d.type === 'hotel' && d.name === hotelName));
    assert.ok(
      found.body.data
        .filter((d: any) => d.type === 'hotel')
        .every((d: any) => d.name.toLowerCase().includes(word.toLowerCase())),
    );
    assert.equal((await get('/b2c/destinations?q=a')).status, 400);
  });

  it('lets an admin set allotment through the API, seen by search at once; others get 403', async () => {
    const hotelId = (await get(`/b2c/hotels?city_id=${PARIS}&limit=1`)).body.data[0].id;
    const body = {
      hotel_id: hotelId,
      room_type: 'STD',
      from: dayAfter(t, 30),
      to: dayAfter(t, 31),
      closed: true,
    };
    const denied = await t.app.inject({
      method: 'POST',
      url: '/set_allotment',
      headers: auth,
      payload: body,
    });
    assert.equal(denied.statusCode, 403);
    const res = await t.app.inject({ method: 'POST', url: '/set_allotment', headers: admin, payload: body });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().nights, 2);
    const search = await t.app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: auth,
      payload: stay(t, 30, 2, { destination: { hotel_ids: [hotelId] } }),
    });
    const codes = search.json().data[0].options.map((o: any) => o.room_type.code);
    assert.ok(!codes.includes('STD') && codes.includes('TWN'));
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/set_allotment',
      headers: admin,
      payload: { ...body, room_type: 'XXX' },
    });
    assert.equal(unknown.statusCode, 404);
    const backwards = await t.app.inject({
      method: 'POST',
      url: '/set_allotment',
      headers: admin,
      payload: { ...body, from: dayAfter(t, 31), to: dayAfter(t, 30) },
    });
    assert.equal(backwards.statusCode, 400);
    assert.equal(backwards.json().errors[0].pointer, '/to');
  });
});
