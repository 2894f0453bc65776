import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { loadConfig } from '../../config.ts';
import { nextAttemptAt } from './retry-schedule.ts';

const DEFAULT_RETRY_SCHEDULE_SECONDS = loadConfig({}).webhooks.retryScheduleSeconds;

describe('webhook retry schedule', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('spans about 72 hours by default, then gives up', () => {
    const total = DEFAULT_RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
    assert.ok(total >= 71 * 3600 && total <= 73 * 3600, `${total / 3600} h`);
    assert.equal(
      nextAttemptAt(
        DEFAULT_RETRY_SCHEDULE_SECONDS.length + 1,
        DEFAULT_RETRY_SCHEDULE_SECONDS,
        now,
        Math.random,
      ),
      undefined,
    );
  });

  it('waits the n-th delay, within a tenth either way', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const at = nextAttemptAt(n, DEFAULT_RETRY_SCHEDULE_SECONDS, now, () => r)!;
          const waited = (at.getTime() - now.getTime()) / 1000;
          const delay = DEFAULT_RETRY_SCHEDULE_SECONDS[n - 1]!;
          assert.ok(waited >= delay * 0.9 - 0.001 && waited <= delay * 1.1 + 0.001, `${waited} for ${delay}`);
        },
      ),
    );
  });
});
