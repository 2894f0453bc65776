import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from './app-error.ts';
import { paginate } from './cursor.ts';

describe('cursor paging', () => {
  const items = Array.from({ length: 7 }, (_, i) => i);

  it('pages through every item once, then reports no next cursor', () => {
    const first = paginate(items, { q: 'x' }, undefined, 3);
    assert.deepEqual(first.data, [0, 1, 2]);
    const second = paginate(items, { q: 'x' }, first.next_cursor!, 3);
    const third = paginate(items, { q: 'x' }, second.next_cursor!, 3);
    assert.deepEqual([...second.data, ...third.data], [3, 4, 5, 6]);
    assert.equal(third.next_cursor, null);
    assert.equal(third.total_count, 7);
  });

  it('refuses a cursor made for another query', () => {
    const first = paginate(items, { q: 'x' }, undefined, 3);
    assert.throws(
      () => paginate(items, { q: 'y' }, first.next_cursor!, 3),
      (e: unknown) => e instanceof AppError && e.code === 'INVALID_CURSOR',
    );
  });
});
