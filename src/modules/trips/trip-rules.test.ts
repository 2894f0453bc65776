import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  ageOn,
  flightParty,
  roomsOfPassengers,
  shareIn,
  splitParty,
  stayOf,
  tripSale,
} from './trip-rules.ts';

describe('trip rules', () => {
  it('stays from the day the flights land to the day they leave, the night before a landing after midnight', () => {
    assert.deepEqual(stayOf('2026-12-14T12:40:00+01:00', '2026-12-18T19:05:00+01:00'), {
      check_in: '2026-12-14',
      check_out: '2026-12-18',
    });
    // Landing at 01:30: the room is the night of the 13th, so it is there on arrival.
    assert.deepEqual(stayOf('2026-12-14T01:30:00+01:00', '2026-12-18T19:05:00+01:00'), {
      check_in: '2026-12-13',
      check_out: '2026-12-18',
    });
    assert.equal(stayOf('2026-12-14T06:00:00+01:00', '2026-12-18T07:00:00+01:00')?.check_in, '2026-12-14');
    // Leaving at 05:00 still checks out that day: no night is added for an early flight.
    assert.equal(stayOf('2026-12-14T10:00:00+01:00', '2026-12-18T05:00:00+01:00')?.check_out, '2026-12-18');
    assert.equal(stayOf('2026-12-14T10:00:00+01:00', '2026-12-14T22:00:00+01:00'), null, 'no night');
  });

  it('flies teenagers on adult fares, children on child fares and babies on a lap', () => {
    assert.deepEqual(flightParty(2, [15, 7, 1]), { adults: 3, children: [7], infants: 1 });
    assert.deepEqual(flightParty(1, []), { adults: 1 });
    assert.equal(flightParty(1, [0, 1]), null, 'two babies, one lap');
    assert.deepEqual(flightParty(1, [14, 0]), { adults: 2, infants: 1 }, 'a teenager holds a baby');
  });

  it('shares a party between rooms, every room with an adult, and puts each child where there is room', () => {
    assert.deepEqual(splitParty(3, [4, 9], 2), [
      { adults: 2, children: [4] },
      { adults: 1, children: [9] },
    ]);
    assert.equal(splitParty(1, [5], 2), null);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 8 }),
        fc.integer({ min: 1, max: 4 }),
        (adults, ages, rooms) => {
          const split = splitParty(adults, ages, rooms);
          if (adults < rooms) return split === null;
          assert.ok(split);
          assert.equal(split.length, rooms);
          assert.equal(
            split.reduce((n, o) => n + o.adults, 0),
            adults,
          );
          assert.deepEqual(
            split.flatMap((o) => o.children).sort((a, b) => a - b),
            [...ages].sort((a, b) => a - b),
          );
          const sizes = split.map((o) => o.adults + o.children.length);
          return split.every((o) => o.adults >= 1) && Math.max(...sizes) - Math.min(...sizes) <= 1;
        },
      ),
    );
  });

  it('puts the passengers in the rooms searched by their ages on check-in, or says why they are not the party', () => {
    const rooms = [
      { adults: 1, children: [7] },
      { adults: 1, children: [] },
    ];
    const born = ['1980-05-01', '2019-01-10', '1982-02-02'];
    assert.deepEqual(roomsOfPassengers(rooms, born, '2026-12-14'), { rooms: [[0, 1], [2]] });
    // Eight from the 10th of January, no longer seven: not the party searched.
    const late = roomsOfPassengers(rooms, born, '2027-01-10');
    assert.ok('problem' in late && late.problem.includes('children aged 7'));
    assert.equal(ageOn('2019-01-10', '2027-01-09'), 7);
    assert.equal(ageOn('2019-01-10', '2027-01-10'), 8);
  });

  it('sells the stay inside the trip at what it came to in the trip’s currency, its parts in proportion', () => {
    const sale = tripSale(
      { total: 29_200, tax: 8_400, currency: 'GBP', markup: 1_000, commission: 500 },
      { total: 40_900, tax: 3_718, currency: 'EUR', markup: 2_000, commission: 0 },
      35_000,
    );
    assert.deepEqual(sale, {
      total: 64_200,
      tax: 8_400 + Math.round((3_718 * 35_000) / 40_900),
      currency: 'GBP',
      markup: 1_000 + Math.round((2_000 * 35_000) / 40_900),
      commission: 500,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (whole, there) => shareIn(whole, whole, there) === there && shareIn(0, whole, there) === 0,
      ),
    );
  });
});
