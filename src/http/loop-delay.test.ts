import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { loopDelayOf, sampleLoopDelay } from './loop-delay.ts';

describe('the event loop delay judged by load shedding', () => {
  it('is the mean of the ticks recorded, less their resolution, never below zero', () => {
    assert.equal(loopDelayOf(40, 25, 3), 15);
    assert.equal(loopDelayOf(40, 4, 3), 0);
  });

  it('is how late the interval ended when the loop was held all of it, not infinite', () => {
    assert.equal(loopDelayOf(0, Number.NaN, 120), 120);
    assert.equal(loopDelayOf(0, Number.NaN, -2), 0);
  });

  it('measures a stall longer than the interval as a finite delay of about its length', async () => {
    const loop = sampleLoopDelay(50);
    try {
      await sleep(60);
      loop.sample();
      // The loop held for three intervals: no tick can be recorded meanwhile.
      const until = performance.now() + 150;
      while (performance.now() < until);
      const seen = loop.sample();
      assert.ok(Number.isFinite(seen), `${seen}`);
      assert.ok(seen >= 50, `a stall of 150 ms seen as ${seen} ms`);
      assert.equal(loop.delay(), seen);
    } finally {
      loop.stop();
    }
  });
});
