import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLimiter, OverloadedError } from './limiter.ts';

describe('limiter', () => {
  it('runs at most its concurrency at once, queues up to its limit, and refuses beyond', async () => {
    const run = createLimiter(2, 3);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return 'done';
      });
    const accepted = Array.from({ length: 5 }, task);
    await assert.rejects(task(), OverloadedError, 'two running and three waiting: the sixth is refused');
    while (releases.length > 0 || running > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    assert.deepEqual(await Promise.all(accepted), Array(5).fill('done'));
    assert.equal(most, 2);
    const again = task();
    await new Promise((resolve) => setImmediate(resolve));
    releases.shift()?.();
    assert.equal(await again, 'done', 'free again once the queue is done');
  });
});
