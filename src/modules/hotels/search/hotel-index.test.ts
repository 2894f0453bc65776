import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../../ports/seeded-random.ts';
import { distanceKm, fold } from '../../catalog/index.ts';
import type { IndexHotelTuple } from '../inventory/hotels-repository.ts';
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
          .near(lat, lon, radius)
          .filter((h) => distanceKm(lat, lon, h.latitude, h.longitude) <= radius)
          .map((h) => h.id)
          .sort();
        assert.deepEqual(found, expected, `${lat},${lon} within ${radius} km`);
      }
    }
    assert.ok(index.near(51.5, -0.12, 5).length < rows.length / 10, 'looks at a few cells, not everything');
  });
});
