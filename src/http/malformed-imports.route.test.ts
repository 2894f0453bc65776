import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signIn } from '../../test/helpers/factories.ts';
import { buildTestApp, type TestApp, testCatalogue } from '../../test/helpers/test-app.ts';
import { generateNetwork } from '../modules/flights/index.ts';
import { generateHotels } from '../modules/hotels/index.ts';

/**
 * The shapes a schema-driven fuzzer found answered with 500: a field of the wrong type, or missing, deep in
 * an import body. Each must be a 400 naming the field, with nothing imported.
 */
describe('admin imports with a field of the wrong type or missing', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  before(async () => {
    t = await buildTestApp();
    admin = (await signIn(t, 'admin')).auth;
  });
  after(() => t.close());

  const hotels = () => {
    const file = generateHotels(testCatalogue(), 'S', '2026-11-21');
    return { hotels: file.hotels.slice(0, 1) as any[] };
  };
  const network = () => {
    const file = generateNetwork(testCatalogue(), 'S', '2026-11-21');
    return { ...file, schedules: file.schedules.slice(0, 1) as any[] };
  };
  const refused = async (url: string, body: object, pointer: string) => {
    const res = await t.app.inject({ method: 'POST', url, headers: admin, payload: body });
    assert.equal(res.statusCode, 400, `${pointer}: ${res.body.slice(0, 300)}`);
    assert.equal(res.json().code, 'VALIDATION_FAILED');
    assert.ok(
      res.json().errors.some((e: { pointer: string }) => e.pointer === pointer),
      `${pointer} named: ${JSON.stringify(res.json().errors)}`,
    );
  };

  it('refuses a hotel file with a wrong type or a missing field, naming it, and imports nothing', async () => {
    const cases: Array<[string, (f: ReturnType<typeof hotels>) => void]> = [
      ['/hotels/0/address', (f) => (f.hotels[0].address = 12)],
      ['/hotels/0/address', (f) => delete f.hotels[0].address],
      ['/hotels/0/description', (f) => (f.hotels[0].description = ['text'])],
      ['/hotels/0/check_in_time', (f) => (f.hotels[0].check_in_time = ['14:00'])],
      ['/hotels/0/room_types/0/name', (f) => (f.hotels[0].room_types[0].name = { en: 'Double' })],
      ['/hotels/0/room_types/0/name', (f) => delete f.hotels[0].room_types[0].name],
      ['/hotels/0/room_types/0/beds', (f) => (f.hotels[0].room_types[0].beds = 2)],
      ['/hotels/0/room_types/0/size_m2', (f) => (f.hotels[0].room_types[0].size_m2 = '18')],
      ['/hotels/0/room_types/0/size_m2', (f) => delete f.hotels[0].room_types[0].size_m2],
      ['/hotels/0/rate_plans/0/name', (f) => (f.hotels[0].rate_plans[0].name = 7)],
      [
        '/hotels/0/rate_plans/0/seasons/0',
        (f) => (f.hotels[0].rate_plans[0].seasons = [{ from: ['2027-01-01'] }]),
      ],
    ];
    for (const [pointer, spoil] of cases) {
      const file = hotels();
      spoil(file);
      await refused('/import_hotels', file, pointer);
    }
    assert.equal(await t.hotels.countHotels(), 0);
  });

  it('imports a hotel with no description, as an empty one', async () => {
    const file = hotels();
    delete file.hotels[0].description;
    const res = await t.app.inject({ method: 'POST', url: '/import_hotels', headers: admin, payload: file });
    assert.equal(res.statusCode, 200, res.body);
    const hotel = await t.hotels.repository.findHotelByCode(file.hotels[0].code);
    assert.equal(hotel?.description, '');
  });

  it('refuses a schedule whose days, time or dates only look right once made text', async () => {
    const cases: Array<[string, (f: ReturnType<typeof network>) => void]> = [
      ['/schedules/0/days_of_week', (f) => (f.schedules[0].days_of_week = 1234567)],
      ['/schedules/0/days_of_week', (f) => (f.schedules[0].days_of_week = ['1', '2'])],
      ['/schedules/0/departure_time', (f) => (f.schedules[0].departure_time = ['06:40'])],
      ['/schedules/0/valid_from', (f) => (f.schedules[0].valid_from = ['2026-12-01'])],
    ];
    for (const [pointer, spoil] of cases) {
      const file = network();
      spoil(file);
      await refused('/import_flights', file, pointer);
    }
    assert.equal(await t.flights.countSchedules(), 0);
  });

  it('refuses import bodies that are not JSON, hold a prototype key, or are larger than allowed', async () => {
    const before = { schedules: await t.flights.countSchedules(), hotels: await t.hotels.countHotels() };
    for (const url of ['/import_flights', '/import_hotels']) {
      for (const payload of [
        '',
        '{"schedules":[',
        '{"schedules":[]}{}',
        '{"__proto__":{"admin":true},"hotels":[]}',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...admin, 'content-type': 'application/json' },
          payload,
        });
        assert.equal(res.statusCode, 400, `${url} ${payload}: ${res.body}`);
        assert.equal(res.json().code, 'MALFORMED_BODY');
      }
      const tooLarge = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...admin, 'content-type': 'application/json', 'content-length': String(51 * 1_048_576) },
        payload: '{"schedules":[],"fares":[]}',
      });
      assert.equal(tooLarge.statusCode, 413, tooLarge.body);
      assert.equal(tooLarge.json().code, 'PAYLOAD_TOO_LARGE');
    }
    assert.deepEqual(
      { schedules: await t.flights.countSchedules(), hotels: await t.hotels.countHotels() },
      before,
    );
  });
});
