import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DatedFlight } from '../inventory/flight-network.ts';
import { flightStates } from './flight-states.ts';

const flight = (id: string, economy: number) =>
  ({ schedule: { id, capacity: { economy } }, date: '2027-05-05' }) as unknown as DatedFlight;

describe('flight states', () => {
  const flights = [flight('a', 10), flight('b', 10)];
  const states = (sold: number[], needed = 1) => [
    ...flightStates(flights, (_, i) => sold[i]!, 'economy', needed),
  ];

  it('tells flights apart only by load bucket and whether the party still fits', () => {
    assert.deepEqual(states([0, 4]), states([4, 0]), 'both below half full');
    assert.notDeepEqual(states([0, 5]), states([0, 4]), 'half full is the next bucket');
    assert.notDeepEqual(states([9, 0], 2), states([8, 0], 2), 'one seat left is too few for two');
  });
});
