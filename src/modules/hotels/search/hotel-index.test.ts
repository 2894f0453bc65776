import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../../ports/seeded-random.ts';
import { distanceKm, fold } from '../../catalog/index.ts';
import type {
  IndexHotelTuple,
  IndexPlanTuple,
  IndexRoomTuple,
} from '../inventory/hotel-index-rows-repository.ts';
import { HotelIndex } from './hotel-index.ts';

function hotelAt(i: number, latitude: number, longitude: number): IndexHotelTuple {
  return [
    `htl_${i}`,
    `H${i}`,
    `Hotel ${i}`,
    'cty_1',
    null,
    3,
    '',
    latitude,
    longitude,
    'UTC',
    '15:00',
    '11:00',
    '[]',
    '[]',
    0,
    0,
  ];
}

describe('HotelIndex.near', () => {
  it('finds every hotel within the radius, as a scan of all would, across the antimeridian and near a pole', () => {
    const random = seededRandom(3);
    const centres: Array<[number, number]> = [
      [51.5, -0.12],
      [-16.5, 179.9],
      [64.1, -21.9],
      [78.2, 15.6],
      [0, 0],
    ];
    const rows: IndexHotelTuple[] = [];
    centres.forEach(([lat, lon], c) => {
      for (let i = 0; i < 400; i++) {
        const latitude = lat + (random() - 0.5) * 2;
        let longitude = lon + (random() - 0.5) * 4;
        if (longitude > 180) longitude -= 360;
        if (longitude < -180) longitude += 360;
        rows.push(hotelAt(c * 1000 + i, latitude, longitude));
      }
    });
    const index = new HotelIndex(1, { cityById: new Map() } as never, fold).add({
      hotels: rows,
      roomTypes: [],
      ratePlans: [],
    });
    for (const [lat, lon] of centres) {
      for (const radius of [1, 5, 25, 50]) {
        const expected = rows
          .filter((h) => distanceKm(lat, lon, h[7], h[8]) <= radius)
          .map((h) => h[0])
          .sort();
        const found = index
          .nearPositions(lat, lon, radius)
          .map((at) => index.at(at)!)
          .filter((h) => distanceKm(lat, lon, h.latitude, h.longitude) <= radius)
          .map((h) => h.id)
          .sort();
        assert.deepEqual(found, expected, `${lat},${lon} within ${radius} km`);
      }
    }
    assert.ok(
      index.nearPositions(51.5, -0.12, 5).length < rows.length / 10,
      'looks at a few cells, not everything',
    );
  });
});

describe('HotelIndex: replacing hotels and snapshots', () => {
  const room = (hotel: string, code: string, rooms: number): IndexRoomTuple => [
    hotel,
    `rmt_${hotel}_${code}`,
    code,
    `${code} room`,
    '1 double bed',
    '["wifi"]',
    20,
    rooms,
    2,
    1,
    3,
    1,
  ];
  const plan = (hotel: string, base: number): IndexPlanTuple => [
    hotel,
    `rpl_${hotel}`,
    base,
    'FLEX',
    'Flexible',
    'room_only',
    'EUR',
    2,
    50,
    '[]',
    '[100,100,100,100,100,100,100]',
    '[]',
    '{"vat_percent_included":10,"city_tax_per_person_night":0}',
    '{"refundable":true,"steps":[]}',
    1,
    '',
    'pay_now',
  ];
  const hotel = (i: number, city: string, latitude: number): IndexHotelTuple => [
    `htl_${i}`,
    `H${i}`,
    `Hôtel ${i}`,
    city,
    null,
    3,
    `${i} Rue`,
    latitude,
    2.35,
    'Europe/Paris',
    '15:00',
    '11:00',
    '["wifi","bar"]',
    `["https://img.example/${i}.jpg"]`,
    80 + i,
    i,
  ];
  const build = () =>
    new HotelIndex(1, { cityById: new Map() } as never, fold).add({
      hotels: [hotel(1, 'cty_paris', 48.85), hotel(2, 'cty_paris', 48.86), hotel(3, 'cty_lyon', 45.76)],
      roomTypes: [room('htl_1', 'DBL', 5), room('htl_2', 'DBL', 7), room('htl_3', 'TWN', 2)],
      ratePlans: [plan('htl_1', 10_000), plan('htl_2', 12_000), plan('htl_3', 8_000)],
    });
  /** The ids of the active hotels at some positions, sorted. */
  const ids = (index: HotelIndex, positions: readonly number[]) =>
    positions.map((at) => index.at(at)?.id ?? `dead ${at}`).sort();

  it('replaces changed hotels, drops withdrawn ones and adds new ones in place', () => {
    const index = build();
    index.replace(
      ['htl_1', 'htl_2', 'htl_4'],
      {
        hotels: [hotel(1, 'cty_lyon', 45.75), hotel(4, 'cty_paris', 48.87)],
        roomTypes: [room('htl_1', 'DBL', 9), room('htl_4', 'STD', 4)],
        ratePlans: [plan('htl_1', 11_000), plan('htl_4', 9_000)],
      },
      2,
    );
    assert.equal(index.version, 2);
    assert.equal(index.size, 3);
    assert.equal(index.hotel('htl_2'), undefined, 'withdrawn');
    assert.deepEqual(ids(index, index.cityPositions('cty_paris')), ['htl_4']);
    assert.deepEqual(ids(index, index.cityPositions('cty_lyon')), ['htl_1', 'htl_3']);
    assert.deepEqual(
      ids(index, index.nearPositions(48.86, 2.35, 5)),
      ['htl_4'],
      'the old positions are gone from the grid',
    );
    const moved = index.hotel('htl_1')!;
    assert.equal(moved.roomTypes[0]!.rooms, 9);
    assert.equal(moved.ratePlans[0]!.base_amount, 11_000);
    assert.deepEqual(
      index.named('hotel', 10).map((h) => h.id),
      ['htl_3', 'htl_1', 'htl_4'],
    );
    assert.equal(index.wasted, 2 / 5);
  });

  it('loads back from a snapshot exactly as it was, replaced hotels included', () => {
    const index = build().replace(['htl_2'], { hotels: [], roomTypes: [], ratePlans: [] }, 7);
    const loaded = HotelIndex.fromSnapshot(
      Buffer.concat(index.toSnapshot()),
      { cityById: new Map() } as never,
      fold,
    )!;
    assert.equal(loaded.version, 7);
    assert.equal(loaded.size, 2);
    for (const id of ['htl_1', 'htl_3']) assert.deepEqual(loaded.hotel(id), index.hotel(id));
    assert.deepEqual(
      [loaded.hotel('htl_3')!.review_score, loaded.hotel('htl_3')!.review_count],
      [8.3, 3],
      'the reviews’ score and count',
    );
    assert.equal(loaded.hotel('htl_2'), undefined);
    assert.deepEqual(ids(loaded, loaded.nearPositions(48.85, 2.35, 5)), ['htl_1']);
    assert.equal(loaded.wasted, index.wasted);
    loaded.add({ hotels: [hotel(5, 'cty_lyon', 45.7)], roomTypes: [], ratePlans: [plan('htl_5', 1)] });
    assert.equal(
      loaded.hotel('htl_5')!.ratePlans[0]!.name,
      'Flexible',
      'rules interned before the save are shared',
    );
  });

  it('refuses a snapshot of the layout before reviews, so it is built again', () => {
    const old = Buffer.from(
      Buffer.concat(build().toSnapshot())
        .toString('latin1')
        .replace('hotel-index/2', 'hotel-index\u0020\u0020'),
      'latin1',
    );
    assert.equal(HotelIndex.fromSnapshot(old, { cityById: new Map() } as never, fold), undefined);
  });

  it('refuses bytes that are not a hotel index snapshot', () => {
    for (const bytes of [
      Buffer.from('not a snapshot'),
      Buffer.alloc(0),
      Buffer.concat(build().toSnapshot()).subarray(0, 40),
    ])
      assert.equal(HotelIndex.fromSnapshot(bytes, { cityById: new Map() } as never, fold), undefined);
  });
});
