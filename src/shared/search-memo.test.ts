import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSearchMemo, type InventorySeen } from './search-memo.ts';

describe('search memo', () => {
  const basis = { index: {}, rates: {}, pricingVersion: 1, day: '2027-05-01' };
  const seen = (validUntil: number): InventorySeen => ({
    states: Uint8Array.of(1, 1),
    validUntil,
    days: ['2027-05-05'],
  });
  const figures = (n: number) => new Map([['2027-05-05', n]]);

  it('keeps an answer for the same request on the same basis until it stops being valid', () => {
    const memo = createSearchMemo<string, null>({ maxResults: 100, keepFrom: 'first' });
    memo.remember('q', basis, seen(1_000), 'answer', { changes: figures(3), inventory: null }, 1);
    assert.equal(memo.find('q', { ...basis }, 999)?.value, 'answer', 'an equal basis, not the same object');
    assert.equal(memo.find('q', basis, 1_000), undefined, 'at the end of its validity');
    assert.equal(memo.find('other', basis, 0), undefined);
    for (const moved of [{ index: {} }, { rates: {} }, { pricingVersion: 2 }, { day: '2027-05-02' }])
      assert.equal(memo.find('q', { ...basis, ...moved }, 0), undefined, Object.keys(moved)[0]);
  });

  it('holds without reading inventory while nothing changed on its days, and after a change only if the states are the same', () => {
    const memo = createSearchMemo<string, string>({ maxResults: 100, keepFrom: 'first' });
    memo.remember('q', basis, seen(1_000), 'answer', { changes: figures(3), inventory: 'as first read' }, 1);
    const entry = memo.find('q', basis, 0)!;
    assert.equal(memo.unchanged(entry, figures(3)), true);
    assert.equal(memo.unchanged(entry, figures(4)), false);
    assert.equal(
      memo.holds(entry, Uint8Array.of(1, 1), { changes: figures(4), inventory: 'read again' }),
      true,
    );
    assert.equal(entry.checked.inventory, 'read again', 'kept as checked against what was read');
    assert.equal(memo.unchanged(entry, figures(4)), true);
    assert.equal(
      memo.holds(entry, Uint8Array.of(1, 0), { changes: figures(5), inventory: 'sold out' }),
      false,
    );
    assert.equal(entry.checked.inventory, 'read again');
    assert.deepEqual(memo.stats(), { hits: 3, misses: 1, entries: 1 });
  });

  it('never trusts the change figures of an answer whose days were not all read', () => {
    const memo = createSearchMemo<string, null>({ maxResults: 100, keepFrom: 'first' });
    memo.remember('q', basis, seen(1_000), 'answer', { changes: null, inventory: null }, 1);
    assert.equal(memo.unchanged(memo.find('q', basis, 0)!, figures(0)), false);
  });

  it('holds answers up to a number of results in all, forgetting the least recently used first', () => {
    const memo = createSearchMemo<string, null>({ maxResults: 100, keepFrom: 'first' });
    const checked = { changes: figures(0), inventory: null };
    memo.remember('a', basis, seen(1_000), 'a', checked, 60);
    memo.remember('b', basis, seen(1_000), 'b', checked, 30);
    memo.find('a', basis, 0);
    memo.remember('c', basis, seen(1_000), 'c', checked, 30);
    assert.deepEqual(
      ['a', 'b', 'c'].map((k) => memo.find(k, basis, 0)?.value),
      ['a', undefined, 'c'],
    );
    memo.remember('huge', basis, seen(1_000), 'huge', checked, 101);
    assert.equal(memo.find('huge', basis, 0), undefined, 'larger than the whole room');
  });

  it('forgets every answer of an older basis once one is worked out on a new basis', () => {
    const memo = createSearchMemo<string, null>({ maxResults: 100, keepFrom: 'first' });
    const checked = { changes: figures(0), inventory: null };
    memo.remember('a', basis, seen(1_000), 'a', checked, 1);
    const moved = { ...basis, pricingVersion: 2 };
    memo.remember('b', moved, seen(1_000), 'b', checked, 1);
    assert.equal(memo.stats().entries, 1);
    assert.equal(memo.find('a', basis, 0), undefined);
    assert.equal(memo.find('b', moved, 0)?.value, 'b');
  });

  it('keeps by default only the answers of questions worked out before: a question asked once is not kept', () => {
    const memo = createSearchMemo<string, null>({ maxResults: 100 });
    const checked = { changes: figures(0), inventory: null };
    memo.remember('once', basis, seen(1_000), 'once', checked, 1);
    assert.equal(memo.find('once', basis, 0), undefined, 'asked once');
    memo.remember('once', basis, seen(1_000), 'again', checked, 1);
    assert.equal(memo.find('once', basis, 0)?.value, 'again', 'asked a second time');
    for (let i = 0; i < 1_000; i++) memo.remember(`q${i}`, basis, seen(1_000), 'x', checked, 1);
    assert.equal(memo.stats().entries, 1, 'a thousand questions asked once left nothing');
  });
});
