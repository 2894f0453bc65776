import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../../test/helpers/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('GET /b2c/* reference catalogue', () => {
  let t: TestApp;
  let auth: { authorization: string };
  before(async () => {
    t = await buildTestApp();
    auth = (await signIn(t)).auth;
  });
  after(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });

  it('requires a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/b2c/countries' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'UNAUTHENTICATED');
  });

  it('gets an airport by IATA or ICAO code with its IANA time zone and city', async () => {
    const byIata = (await get('/b2c/airports/lhr')).json();
    assert.equal(byIata.icao, 'EGLL');
    assert.equal(byIata.time_zone, 'Europe/London');
    assert.equal(byIata.country_code, 'GB');
    assert.equal(byIata.size, 'large');
    const city = (await get(`/b2c/cities/${byIata.city_id}`)).json();
    assert.equal(city.name, 'London');
    assert.ok(city.airports.includes('LHR') && city.airports.includes('LGW'));
    assert.deepEqual((await get('/b2c/airports/EGLL')).json(), byIata);
    assert.equal((await get('/b2c/airports/JFK')).json().time_zone, 'America/New_York');
    assert.equal((await get('/b2c/airports/SYD')).json().time_zone, 'Australia/Sydney');
  });

  it('gets countries and airlines by code', async () => {
    const fr = (await get('/b2c/countries/fr')).json();
    assert.equal(fr.name, 'France');
    assert.deepEqual(fr.currencies, ['EUR']);
    const ba = (await get('/b2c/airlines/BA')).json();
    assert.equal(ba.name, 'British Airways');
    assert.equal(ba.icao, 'BAW');
    assert.equal(ba.country_code, 'GB');
    assert.equal((await get('/b2c/airlines/DLH')).json().iata, 'LH');
  });

  it('refuses list text that has no letter or digit instead of listing everything', async () => {
    for (const q of ['!!!', '...', '-', '%20%20']) {
      const res = await get(`/b2c/cities?q=${q}`);
      assert.equal(res.statusCode, 400, q);
      assert.equal(res.json().code, 'VALIDATION_FAILED');
      assert.equal(res.json().errors[0].pointer, '/q');
    }
    assert.equal((await get('/b2c/cities?q=par&limit=1')).statusCode, 200);
  });

  it('answers 404 NOT_FOUND for unknown codes', async () => {
    for (const url of ['/b2c/countries/XX', '/b2c/cities/cty_0', '/b2c/airlines/9Q9', '/b2c/airports/ZZZZ']) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().code, 'NOT_FOUND');
    }
  });

  it('filters lists by text (ignoring accents) and country', async () => {
    const zurich = (await get('/b2c/cities?q=zurich&country=CH')).json();
    assert.equal(zurich.data[0].name, 'Zürich');
    assert.ok(zurich.data.every((c: { country_code: string }) => c.country_code === 'CH'));
    const german = (await get('/b2c/airports?country=DE&scheduled=true&limit=100')).json();
    assert.ok(german.data.some((a: { iata: string }) => a.iata === 'FRA'));
    assert.ok(
      german.data.every(
        (a: { country_code: string; scheduled_service: boolean }) =>
          a.country_code === 'DE' && a.scheduled_service,
      ),
    );
    const inactive = (await get('/b2c/airlines?active=false&limit=5')).json();
    assert.ok(inactive.data.length > 0 && inactive.data.every((a: { active: boolean }) => !a.active));
  });

  it('walks a list with cursors: no item twice, none missed, total count stable', async () => {
    const seen: string[] = [];
    let url = '/b2c/airports?q=london&limit=4';
    let total = -1;
    for (let pages = 0; pages < 20; pages++) {
      const page = (await get(url)).json();
      total = page.total_count;
      seen.push(...page.data.map((a: { iata: string }) => a.iata));
      assert.ok(page.data.length <= 4);
      if (!page.next_cursor) break;
      url = `/b2c/airports?q=london&limit=4&cursor=${page.next_cursor}`;
    }
    assert.equal(seen.length, total);
    assert.equal(new Set(seen).size, total);
    const all = (await get('/b2c/airports?q=london&limit=100')).json();
    assert.deepEqual(
      seen,
      all.data.map((a: { iata: string }) => a.iata),
    );
  });

  it('caps the page size at 100', async () => {
    assert.equal((await get('/b2c/cities?limit=100')).json().data.length, 100);
    assert.equal((await get('/b2c/cities?limit=101')).json().code, 'VALIDATION_FAILED');
  });

  it('ranks London and its airports first for "lon"', async () => {
    const places = (await get('/b2c/places?q=lon')).json().data;
    assert.equal(places[0].type, 'city');
    assert.equal(places[0].name, 'London');
    assert.equal(places[0].country_code, 'GB');
    const nextCodes = places
      .slice(1, 6)
      .map((p: { iata: string }) => p.iata)
      .sort();
    assert.deepEqual(nextCodes, ['LCY', 'LGW', 'LHR', 'LTN', 'STN']);
  });

  it('puts an exact airport code first and honours types and limit', async () => {
    const jfk = (await get('/b2c/places?q=jfk')).json().data;
    assert.equal(jfk[0].iata, 'JFK');
    const cities = (await get('/b2c/places?q=par&types=city&limit=3')).json().data;
    assert.equal(cities.length, 3);
    assert.equal(cities[0].name, 'Paris');
    assert.ok(cities.every((p: { type: string }) => p.type === 'city'));
    assert.equal((await get('/b2c/places?q=par&types=boats')).json().code, 'VALIDATION_FAILED');
  });

  it('groups the airports of a metropolitan area under its code and its city', async () => {
    for (const [code, airports] of [
      ['NYC', ['JFK', 'EWR', 'LGA']],
      ['TYO', ['HND', 'NRT']],
      ['PAR', ['CDG', 'ORY', 'BVA']],
    ] as const) {
      const places = (await get(`/b2c/places?q=${code.toLowerCase()}`)).json().data;
      assert.equal(places[0].type, 'city', code);
      assert.equal(places[0].metro_code, code);
      for (const airport of airports) {
        assert.ok(places[0].airports.includes(airport), `${airport} serves ${places[0].name}`);
        const a = (await get(`/b2c/airports/${airport}`)).json();
        assert.equal(a.city_id, places[0].id, `${airport} is linked to ${places[0].name}`);
      }
    }
    const london = (await get('/b2c/cities/cty_2643743')).json();
    assert.equal(london.metro_code, 'LON');
    assert.equal((await get('/b2c/cities/cty_2988507')).json().metro_code, 'PAR');
    const lyon = (await get('/b2c/places?q=lyon&types=city&limit=1')).json().data[0];
    assert.equal(lyon.metro_code, null, 'a city with one airport has no area code');
  });
});
