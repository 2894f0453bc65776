import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp, testCatalogue } from '../../../../test/helpers/test-app.ts';
import { AppError } from '../../../http/app-error.ts';
import { generateHotels } from '../demo/hotel-generator.ts';

describe('hotel content, rates and allotments import', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const file = () => generateHotels(testCatalogue(), 'S', '2026-11-21');

  it('imports the S preset through the import path, every row', async () => {
    const f = file();
    const result = await t.hotels.importHotels(f);
    assert.deepEqual(result, {
      hotels: f.hotels.length,
      room_types: f.hotels.length * 3,
      rate_plans: f.hotels.length * 3,
      allotment_nights: 0,
    });
    assert.equal(await t.hotels.countHotels(), f.hotels.length);
    const hotel = await t.hotels.repository.findHotelByCode(f.hotels[0]!.code);
    assert.equal(hotel?.time_zone, 'Europe/London');
    assert.deepEqual(
      (await t.hotels.repository.roomTypesOf(hotel!.id)).map((r) => r.code),
      ['FAM', 'STD', 'TWN'],
    );
  });

  it('updates on re-import instead of duplicating, keeping ids, and stores allotment overrides per night', async () => {
    const f = file();
    const before = await t.hotels.repository.findHotelByCode(f.hotels[1]!.code);
    f.hotels[1]!.name = 'Renamed Hotel London';
    f.allotments = [
      {
        hotel_code: f.hotels[1]!.code,
        room_type: 'STD',
        from: '2026-12-24',
        to: '2026-12-26',
        rooms: 0,
        closed: true,
      },
    ];
    const result = await t.hotels.importHotels(f);
    assert.equal(result.allotment_nights, 3);
    assert.equal(await t.hotels.countHotels(), f.hotels.length);
    const after = await t.hotels.repository.findHotelByCode(f.hotels[1]!.code);
    assert.equal(after?.id, before?.id);
    assert.equal(after?.name, 'Renamed Hotel London');
    const std = (await t.hotels.repository.roomTypesOf(after!.id)).find((r) => r.code === 'STD')!;
    const overrides = await t.hotels.repository.overridesOf(std.id);
    assert.deepEqual(
      overrides.map((o) => [o.night, o.rooms, o.closed]),
      [
        ['2026-12-24', 0, 1],
        ['2026-12-25', 0, 1],
        ['2026-12-26', 0, 1],
      ],
    );
  });

  it('applies overlapping allotment records of one file in order, the later winning on shared nights', async () => {
    const f = file();
    const code = f.hotels[2]!.code;
    f.allotments = [
      { hotel_code: code, room_type: 'TWN', from: '2027-01-10', to: '2027-01-12', rooms: 5 },
      { hotel_code: code, room_type: 'TWN', from: '2027-01-12', to: '2027-01-13', rooms: 1 },
    ];
    const result = await t.hotels.importHotels(f);
    assert.equal(result.allotment_nights, 4);
    const hotel = await t.hotels.repository.findHotelByCode(code);
    const twn = (await t.hotels.repository.roomTypesOf(hotel!.id)).find((r) => r.code === 'TWN')!;
    assert.deepEqual(
      (await t.hotels.repository.overridesOf(twn.id)).map((o) => [o.night, o.rooms]),
      [
        ['2027-01-10', 5],
        ['2027-01-11', 5],
        ['2027-01-12', 1],
        ['2027-01-13', 1],
      ],
    );
  });

  it('refuses a file with any bad row, importing none of it, naming each problem', async () => {
    const f = file();
    f.hotels[0]!.code = 'NEW-HOTEL-1';
    f.hotels[2]!.city_id = 'cty_0';
    f.hotels[3]!.rate_plans[0]!.weekday_percents = [100];
    f.allotments = [{ hotel_code: 'nope', room_type: 'STD', from: '2026-12-01', to: '2026-12-02' }];
    await assert.rejects(t.hotels.importHotels(f), (e: unknown) => {
      assert.ok(e instanceof AppError);
      assert.equal(e.code, 'VALIDATION_FAILED');
      assert.deepEqual(
        (e.extras.errors as Array<{ pointer: string }>).map((x) => x.pointer),
        ['/hotels/2/city_id', '/hotels/3/rate_plans/0/weekday_percents', '/allotments/0/hotel_code'],
      );
      return true;
    });
    assert.equal(await t.hotels.repository.findHotelByCode('NEW-HOTEL-1'), undefined);
  });

  it('reports records of the wrong shape (null, a string, an object for a name) instead of failing', async () => {
    const f = file();
    const h = f.hotels[0]! as any;
    h.chain = {};
    h.room_types = [h.room_types[0], null];
    h.rate_plans = 'x';
    (f.hotels[1] as any).rate_plans[0].seasons = [null];
    (f as any).allotments = 'all';
    await assert.rejects(t.hotels.importHotels(f), (e: unknown) => {
      assert.ok(e instanceof AppError);
      assert.deepEqual(
        (e.extras.errors as Array<{ pointer: string }>).map((x) => x.pointer),
        [
          '/hotels/0/chain',
          '/hotels/0/room_types/1',
          '/hotels/0/rate_plans',
          '/hotels/1/rate_plans/0/seasons/0',
          '/allotments',
        ],
      );
      return true;
    });
  });
});
