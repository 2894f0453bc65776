import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

  it('lets a client keep answers: an ETag, a private max-age, and 304 with no body when unchanged', async () => {
    const first = await get('/b2c/airports?q=lon&limit=5');
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['cache-control'], 'private, max-age=3600');
    const etag = first.headers.etag as string;
    assert.match(etag, /^"/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/b2c/airports?q=lon&limit=5',
      headers: { ...auth, 'if-none-match': etag },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const other = await t.app.inject({
      method: 'GET',
      url: '/b2c/airports?q=par&limit=5',
      headers: { ...auth, 'if-none-match': etag },
    });
    assert.equal(other.statusCode, 200, 'another answer has another tag');
    assert.notEqual(other.headers.etag, etag);
    const munich = await get('/b2c/cities?q=munich&limit=1');
    assert.equal(munich.json().data[0].name, 'Munich');
    const german = await t.app.inject({
      method: 'GET',
      url: '/b2c/cities?q=munich&limit=1',
      headers: { ...auth, 'if-none-match': munich.headers.etag, 'accept-language': 'de' },
    });
    assert.equal(german.statusCode, 200, 'names in another language are another answer');
    assert.equal(german.json().data[0].name, 'München');
    const unknown = await get('/b2c/airports/zzz');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.headers['cache-control'], undefined, 'errors are not kept');
  });

  it('compresses answers by Accept-Encoding', async () => {
    const plain = await get('/b2c/countries?limit=100');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/b2c/countries?limit=100',
        headers: { ...auth, 'accept-encoding': encoding },
      });
      assert.equal(res.headers['content-encoding'], encoding);
      assert.ok(res.rawPayload.length < plain.rawPayload.length / 3, `${encoding}: ${res.rawPayload.length}`);
      assert.deepEqual(JSON.parse(decode(res.rawPayload).toString('utf8')), plain.json());
    }
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

  const getIn = (url: string, language: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...auth, 'accept-language': language } });
  const first = async (q: string) =>
    (await get(`/b2c/places?q=${encodeURIComponent(q)}&types=city&limit=1`)).json().data[0];

  it('finds a city by its names in other languages and scripts, accents and case ignored', async () => {
    const munich = await first('Munich');
    const tokyo = await first('Tokyo');
    const moscow = await first('Moscow');
    for (const [q, city] of [
      ['münchen', munich],
      ['MUENCHEN', munich],
      ['Monaco di Baviera', munich],
      ['東京', tokyo],
      ['도쿄', tokyo],
      ['Москва', moscow],
      ['москв', moscow],
      ['Μόσχα', moscow],
      ['μοσχα', moscow],
    ] as const) {
      assert.equal((await first(q))?.id, city.id, q);
    }
    assert.equal(munich.country_code, 'DE');
    assert.equal(tokyo.metro_code, 'TYO');
    const list = (await get(`/b2c/cities?q=${encodeURIComponent('мюнхен')}`)).json().data;
    assert.deepEqual(
      list.map((c: { id: string }) => c.id),
      [munich.id],
    );
    // A city's airports follow it whatever name found it, and an airport's other names find it.
    const places = (await get(`/b2c/places?q=${encodeURIComponent('東京')}`)).json().data;
    assert.deepEqual(
      places
        .slice(1, 3)
        .map((p: { iata: string }) => p.iata)
        .sort(),
      ['HND', 'NRT'],
    );
    assert.equal((await get('/b2c/places?q=haneda&limit=1')).json().data[0].iata, 'HND');
    assert.equal((await get('/b2c/airports?q=sheremetyevo')).json().data[0].iata, 'SVO');
  });

  it('keeps the vowel signs of Indic and Thai scripts when matching', async () => {
    const mumbai = await first('Mumbai');
    assert.equal((await first('मुंबई'))?.id, mumbai.id);
    // Without its vowel signs the word is another: it must not find Mumbai.
    assert.notEqual((await first('मबई'))?.id, mumbai.id);
    assert.equal((await first('กรุงเทพ'))?.country_code, 'TH');
  });

  it('answers in the Accept-Language where a name is known, and says so', async () => {
    const cases = [
      ['de-DE,de;q=0.9,en;q=0.5', 'de', 'München', 'Deutschland'],
      ['ja', 'ja', 'ミュンヘン', 'ドイツ'],
      ['ru', 'ru', 'Мюнхен', 'Германия'],
      ['fr-CH, fr;q=0.9', 'fr', 'Munich', 'Allemagne'],
      ['tlh, en;q=0.1', 'en', 'Munich', 'Germany'],
    ] as const;
    for (const [header, language, city, country] of cases) {
      const res = await getIn('/b2c/cities/cty_2867714', header);
      assert.equal(res.headers['content-language'], language, header);
      assert.match(String(res.headers.vary), /Accept-Language/i);
      assert.equal(res.json().name, city, header);
      assert.equal(res.json().local_name, 'München', 'the local name does not change with the reader');
      assert.equal((await getIn('/b2c/countries/DE', header)).json().name, country, header);
    }
    const muc = (await getIn('/b2c/airports/MUC', 'de')).json();
    assert.equal(muc.city_name, 'München');
    const places = (await getIn('/b2c/places?q=mos&limit=2', 'de')).json().data;
    assert.equal(places[0].name, 'Moskau');
    assert.equal(places[1].city_name, 'Moskau');
    const tokyo = (await get('/b2c/cities/cty_1850147')).json();
    assert.equal(tokyo.name, 'Tokyo');
    assert.equal(tokyo.local_name, '東京');
    assert.equal(tokyo.names.ja, '東京');
  });

  it('links airports to the city they serve, whatever language or island their town is named in', async () => {
    for (const [code, city] of [
      ['NAP', 'Naples'],
      ['TRN', 'Turin'],
      ['MEX', 'Mexico City'],
      ['GVA', 'Genève'],
      ['LED', 'Saint Petersburg'],
      ['DFW', 'Dallas'],
      ['HKG', 'Hong Kong'],
    ]) {
      const airport = (await get(`/b2c/airports/${code}`)).json();
      assert.ok(airport.city_id, `${code} has a city`);
      assert.equal((await get(`/b2c/cities/${airport.city_id}`)).json().name, city, code);
    }
  });

  it('ranks places by passenger traffic, not by the alphabet', async () => {
    const london = (await get('/b2c/places?q=london&types=airport&limit=3')).json().data;
    assert.equal(london[0].iata, 'LHR', 'Heathrow carries the most');
    const lhr = (await get('/b2c/airports/LHR')).json();
    const lgw = (await get('/b2c/airports/LGW')).json();
    assert.ok(lhr.annual_passengers > lgw.annual_passengers);
    const city = (await get('/b2c/cities/cty_2643743')).json();
    assert.equal(city.airports[0], 'LHR');
    // Istanbul Atatürk is closed to passengers; Istanbul's airports are IST and SAW.
    assert.equal((await get('/b2c/airports/ISL')).json().scheduled_service, false);
    const san = (await get('/b2c/places?q=san%20f&types=city&limit=1')).json().data[0];
    assert.equal(san.name, 'San Francisco');
  });
});
