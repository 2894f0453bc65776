import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_SEAT_LAYOUTS } from '../demo/seat-layouts.ts';
import { seatLayoutProblems } from './seat-layout-validation.ts';

describe('seat layout validation', () => {
  it('accepts the demo layouts and a file without any', () => {
    assert.deepEqual(seatLayoutProblems(DEMO_SEAT_LAYOUTS), []);
    assert.deepEqual(seatLayoutProblems(undefined), []);
  });

  it('names every problem with its pointer', () => {
    const problems = seatLayoutProblems([
      {
        aircraft: '320',
        cabins: [
          { cabin: 'business', first_row: 1, last_row: 4, letters: 'AC DF' },
          { cabin: 'economy', first_row: 4, last_row: 30, letters: 'ABC DEF', blocked: ['31A', '5A'] },
        ],
      },
      {
        aircraft: '320',
        cabins: [{ cabin: 'lounge', first_row: 9, last_row: 2, letters: 'AAB', exit_rows: [50] }],
      },
      { aircraft: 'x', cabins: [] },
    ]);
    assert.deepEqual(
      problems.map((p) => p.pointer),
      [
        '/seat_maps/0/cabins/1/blocked/0',
        '/seat_maps/1/aircraft',
        '/seat_maps/1/cabins/0/cabin',
        '/seat_maps/1/cabins/0/last_row',
        '/seat_maps/1/cabins/0/letters',
        '/seat_maps/1/cabins/0/exit_rows',
        '/seat_maps/2/aircraft',
        '/seat_maps/2/cabins',
      ],
    );
    const overlap = seatLayoutProblems([
      {
        aircraft: '320',
        cabins: [
          { cabin: 'business', first_row: 1, last_row: 4, letters: 'AC DF' },
          { cabin: 'economy', first_row: 4, last_row: 30, letters: 'ABC DEF' },
        ],
      },
    ]);
    assert.deepEqual(overlap, [
      { pointer: '/seat_maps/0/cabins/1/first_row', detail: 'row 4 is also in the business cabin' },
    ]);
    assert.deepEqual(seatLayoutProblems({}), [
      { pointer: '/seat_maps', detail: 'must be an array of aircraft layouts' },
    ]);
  });
});
