import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { PartialOrder } from './partial-order.ts';

/** Keys with many ties, broken by position: a strict total order, as the order asks for. */
const byKey = (keys: readonly number[]) => (a: number, b: number) => keys[a]! - keys[b]! || a - b;
const sortedPositions = (keys: readonly number[]) => [...keys.keys()].sort(byKey(keys));

describe('positions put in order only as far as asked', () => {
  it('answers the same first k as a full sort, asked in any order of depths', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 400, size: 'max' }),
        // Depths mostly well short of the whole (where it selects rather than sorts), some past it.
        fc.array(fc.double({ min: 0, max: 1.2, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (keys, depths) => {
          const order = new PartialOrder(keys.length, byKey(keys));
          const full = sortedPositions(keys);
          for (const depth of depths) {
            const k = Math.round(depth ** 3 * keys.length);
            assert.deepEqual([...order.first(k)], full.slice(0, k));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('selects the first page of a large list, then the next pages, then all of it', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 1000);
    const order = new PartialOrder(keys.length, byKey(keys));
    const full = sortedPositions(keys);
    assert.deepEqual([...order.first(20)], full.slice(0, 20));
    assert.deepEqual([...order.first(40)], full.slice(0, 40));
    assert.deepEqual([...order.first(5000)], full);
  });

  it('compares far fewer times for a first page than a sort would', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5003);
    let comparisons = 0;
    const counted = (a: number, b: number) => {
      comparisons++;
      return byKey(keys)(a, b);
    };
    new PartialOrder(keys.length, counted).first(20);
    const selecting = comparisons;
    comparisons = 0;
    [...keys.keys()].sort(counted);
    assert.ok(selecting * 3 < comparisons, `${selecting} to select against ${comparisons} to sort`);
  });

  it('answers nothing for nothing, and all there is for more', () => {
    assert.deepEqual([...new PartialOrder(0, () => 0).first(20)], []);
    assert.deepEqual([...new PartialOrder(3, (a, b) => b - a).first(20)], [2, 1, 0]);
    assert.deepEqual([...new PartialOrder(3, (a, b) => b - a).first(-1)], []);
  });
});
