import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aircraftFor } from '../demo/fleet-and-fares.ts';
import { DEMO_SEAT_LAYOUTS } from '../demo/seat-layouts.ts';
import { assignableSeats, positionsOf, rowsOf, seatsOf } from './seat-layout.ts';
import { seatOffer } from './seat-rules.ts';

const a320 = DEMO_SEAT_LAYOUTS.find((l) => l.aircraft === '320')!;
const economy = a320.cabins.find((c) => c.cabin === 'economy')!;
const seat = (designator: string) => seatsOf(economy).find((s) => s.designator === designator)!;

describe('seat layouts', () => {
  it('places letters at windows, aisles and in the middle, a lone seat both window and aisle', () => {
    assert.deepEqual(Object.fromEntries(positionsOf('ABC DEF')), {
      A: ['window'],
      B: ['middle'],
      C: ['aisle'],
      D: ['aisle'],
      E: ['middle'],
      F: ['window'],
    });
    assert.deepEqual(positionsOf('A DG K').get('A'), ['window', 'aisle']);
    assert.deepEqual(positionsOf('A DG K').get('G'), ['aisle']);
  });

  it('skips row numbers not used and marks exit, wing, legroom, bassinet and no-recline rows', () => {
    assert.ok(!rowsOf(economy).includes(13));
    assert.deepEqual(seat('12A').characteristics, ['window', 'exit_row', 'over_wing', 'extra_legroom']);
    assert.deepEqual(seat('4C').characteristics, ['aisle', 'extra_legroom', 'bassinet']);
    assert.deepEqual(seat('29E').characteristics, ['middle', 'no_recline']);
  });

  it('gives every demo aircraft cabin exactly the seats its schedules sell', () => {
    for (const [km, lowCost] of [
      [500, false],
      [3_000, false],
      [7_000, false],
      [12_000, false],
      [1_200, true],
    ] as const) {
      const { aircraft, capacity } = aircraftFor(km, lowCost);
      const layout = DEMO_SEAT_LAYOUTS.find((l) => l.aircraft === aircraft);
      assert.ok(layout, `a layout for ${aircraft}`);
      const seats = Object.fromEntries(layout.cabins.map((c) => [c.cabin, assignableSeats(c).length]));
      assert.deepEqual(seats, capacity, aircraft);
      const all = layout.cabins.flatMap((c) => seatsOf(c).map((s) => s.designator));
      assert.equal(new Set(all).size, all.length, `${aircraft}: every seat has its own designator`);
    }
  });
});

describe('seat eligibility and price', () => {
  const fees = { standard: 1_500, preferred: 3_900 };
  const adult = { type: 'adult' as const, withInfant: false };

  it('charges the fare’s fee, more for legroom and exits, and free when the fare says so', () => {
    assert.deepEqual(seatOffer(seat('20A'), fees, adult), { available: true, amount: 1_500 });
    assert.deepEqual(seatOffer(seat('12A'), fees, adult), { available: true, amount: 3_900 });
    assert.deepEqual(seatOffer(seat('20A'), { standard: 0, preferred: 0 }, adult), {
      available: true,
      amount: 0,
    });
    assert.deepEqual(seatOffer(seat('20A'), { standard: null, preferred: null }, adult), {
      available: false,
      reason: 'not_selectable',
    });
  });

  it('never seats a child, or an adult with an infant on the lap, at an exit', () => {
    for (const sitter of [
      { type: 'child' as const, withInfant: false },
      { type: 'adult' as const, withInfant: true },
    ]) {
      assert.deepEqual(seatOffer(seat('11F'), fees, sitter), {
        available: false,
        reason: 'exit_row_restricted',
      });
      assert.equal(seatOffer(seat('4A'), fees, sitter).available, true, 'a bassinet row is fine');
    }
  });

  it('assigns no blocked seat', () => {
    const a321 = DEMO_SEAT_LAYOUTS.find((l) => l.aircraft === '321')!.cabins[1]!;
    const blocked = seatsOf(a321).find((s) => s.designator === '35A')!;
    assert.deepEqual(seatOffer(blocked, fees, adult), { available: false, reason: 'blocked' });
  });
});
