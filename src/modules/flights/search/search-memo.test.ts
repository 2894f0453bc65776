import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DatedFlight } from '../inventory/flight-network.ts';
import { createSearchMemo, type FlightsSeen, flightStates } from './search-memo.ts';

const flight = (id: string, economy: number) =>
  ({ schedule: { id, capacity: { economy } }, date: '2027-05-05' }) as unknown as DatedFlight;

describe('search memo', () => {
  const flights = [flight('a', 10), flight('b', 10)];
  const states = (sold: number[], needed = 1) => flightStates(flights, (_, i) => sold[i]!, 'economy', needed);

  it('tells flights apart only by load bucket and whether the party still fits', () => {
    assert.deepEqual([...states([0, 4])], [...states([4, 0])], 'both below half full');
    assert.notDeepEqual([...states([0, 5])], [...states([0, 4])], 'half full is the next bucket');
    assert.notDeepEqual([...states([9, 0], 2)], [...states([8, 0], 2)], 'one seat left is too few for two');
    assert.deepEqual([...states([9, 0], 1)], [...states([9, 0], 1)]);
  });

  const basis = { network: {}, rates: {}, pricingVersion: 1, saleDate: '2027-05-01' };
  const seen = (validUntil: number): FlightsSeen => ({
    flights,
    keys: [],
    states: states([0, 0]),
    validUntil,
    dates: ['2027-05-05'],
  });

  it('keeps an answer for the same request on the same basis until its first itinerary stops selling', () => {
    const memo = createSearchMemo<string>();
    memo.remember('q', basis, seen(1_000), 'answer', {
      changes: new Map([['2027-05-05', 3]]),
      sold: new Map(),
    });
    assert.equal(memo.find('q', basis, 999)?.value, 'answer');
    assert.equal(memo.find('q', basis, 1_000), undefined, 'at the booking cut-off');
    assert.equal(memo.find('other', basis, 0), undefined);
    for (const moved of [{ network: {} }, { rates: {} }, { pricingVersion: 2 }, { saleDate: '2027-05-02' }])
      assert.equal(memo.find('q', { ...basis, ...moved }, 0), undefined, JSON.stringify(Object.keys(moved)));
  });

  it('holds without reading seats while no seat changed on its dates, and after a change only if the states are the same', () => {
    const memo = createSearchMemo<string>();
    memo.remember('q', basis, seen(1_000), 'answer', {
      changes: new Map([['2027-05-05', 3]]),
      sold: new Map(),
    });
    const entry = memo.find('q', basis, 0)!;
    assert.equal(memo.unchanged(entry, new Map([['2027-05-05', 3]])), true);
    assert.equal(memo.unchanged(entry, new Map([['2027-05-05', 4]])), false);
    const later = { changes: new Map([['2027-05-05', 4]]), sold: new Map([['a', 1]]) };
    assert.equal(memo.holds(entry, states([1, 0]), later), true, 'one seat sold moves no bucket');
    assert.equal(
      memo.unchanged(entry, new Map([['2027-05-05', 4]])),
      true,
      'checked against the new figures',
    );
    assert.equal(memo.holds(entry, states([5, 0]), later), false, 'a bucket moved');
    assert.deepEqual(memo.stats(), { hits: 3, misses: 1, entries: 1 });
  });

  it('never trusts the seat change figures of an answer whose dates were not all read', () => {
    const memo = createSearchMemo<string>();
    memo.remember('q', basis, seen(1_000), 'answer', { changes: null, sold: new Map() });
    assert.equal(memo.unchanged(memo.find('q', basis, 0)!, new Map([['2027-05-05', 0]])), false);
  });
});
