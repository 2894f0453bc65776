import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { loadConfig } from '../config.ts';
import { nextAttemptAt, type RetryPolicy } from './retry-policy.ts';

const now = new Date('2026-11-23T10:00:00Z');
const webhooks: RetryPolicy = {
  kind: 'schedule',
  delaysSeconds: loadConfig({}).webhooks.retryScheduleSeconds,
  jitter: 0.1,
};
const payments: RetryPolicy = { kind: 'backoff', firstMs: 5_000, maxMs: 3_600_000, jitter: 0.1 };
const fraction = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const waitedMs = (at: Date | undefined) => at!.getTime() - now.getTime();

describe('retry policy', () => {
  it('spans about 72 hours for webhooks by default, then gives up', () => {
    const delays = webhooks.kind === 'schedule' ? webhooks.delaysSeconds : [];
    const total = delays.reduce((a, b) => a + b, 0);
    assert.ok(total >= 71 * 3600 && total <= 73 * 3600, `${total / 3600} h`);
    assert.equal(nextAttemptAt(webhooks, delays.length + 1, now, Math.random), undefined);
  });

  it('waits the schedule’s n-th delay after the n-th failure, within the jitter either way', () => {
    const delays = webhooks.kind === 'schedule' ? webhooks.delaysSeconds : [];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: delays.length }), fraction, (n, r) => {
        const waited = waitedMs(nextAttemptAt(webhooks, n, now, () => r)) / 1000;
        const delay = delays[n - 1]!;
        assert.ok(waited >= delay * 0.9 - 0.001 && waited <= delay * 1.1 + 0.001, `${waited} for ${delay}`);
      }),
    );
  });

  it('backs off by doubling up to its longest delay, and never gives up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fraction, (n, r) => {
        const exact = Math.min(5_000 * 2 ** Math.min(n - 1, 30), 3_600_000);
        const waited = waitedMs(nextAttemptAt(payments, n, now, () => r));
        assert.ok(waited >= exact * 0.9 - 1 && waited <= exact * 1.1 + 1, `${waited} for ${exact}`);
      }),
    );
    const noJitter: RetryPolicy = { ...payments, jitter: 0 };
    assert.deepEqual(
      [1, 2, 3, 10, 11, 12].map((n) => waitedMs(nextAttemptAt(noJitter, n, now, Math.random)) / 1000),
      [5, 10, 20, 2560, 3600, 3600],
    );
  });

  it('spreads rows that failed together', () => {
    const ats = new Set(
      Array.from({ length: 50 }, (_, i) => nextAttemptAt(payments, 3, now, () => i / 50)!.getTime()),
    );
    assert.ok(ats.size > 40, `${ats.size} distinct instants`);
  });
});
