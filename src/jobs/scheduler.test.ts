import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeClock } from '../ports/clock.ts';
import { createScheduler } from './scheduler.ts';

function setup() {
  const clock = new FakeClock('2026-11-21T12:00:00Z');
  const errors: Array<[string, unknown]> = [];
  const scheduler = createScheduler({ clock, onError: (job, error) => errors.push([job, error]) });
  return { clock, errors, scheduler };
}

describe('scheduler', () => {
  it('runs a job by name with the injected clock’s now', async () => {
    const { clock, scheduler } = setup();
    const seen: string[] = [];
    scheduler.add({ name: 'sweep', everyMs: 0, run: async (now) => seen.push(now.toISOString()) });
    clock.advance(60);
    await scheduler.run('sweep');
    assert.deepEqual(seen, ['2026-11-21T12:01:00.000Z']);
    assert.deepEqual(scheduler.names(), ['sweep']);
  });

  it('never overlaps a job with itself: a second run joins the one under way', async () => {
    const { scheduler } = setup();
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    scheduler.add({
      name: 'slow',
      everyMs: 0,
      run: async () => {
        calls++;
        await gate;
      },
    });
    const first = scheduler.run('slow');
    const second = scheduler.run('slow');
    release();
    await Promise.all([first, second]);
    assert.equal(calls, 1);
    await scheduler.run('slow');
    assert.equal(calls, 2);
  });

  it('runs once more after the run under way when asked to run soon, folding repeated asks into one', async () => {
    const { scheduler } = setup();
    let calls = 0;
    let release!: () => void;
    let gate = new Promise<void>((r) => {
      release = r;
    });
    scheduler.add({
      name: 'refresh',
      everyMs: 0,
      run: async () => {
        calls++;
        await gate;
      },
    });
    const underWay = scheduler.run('refresh');
    const soon = [scheduler.runSoon('refresh'), scheduler.runSoon('refresh'), scheduler.runSoon('refresh')];
    const first = release;
    gate = Promise.resolve();
    first();
    await Promise.all([underWay, ...soon]);
    assert.equal(calls, 2, 'the run under way, then one more for every ask made during it');
    await scheduler.runSoon('refresh');
    assert.equal(calls, 3, 'nothing under way: at once');
  });

  it('reports a failing job and keeps it scheduled', async () => {
    const { errors, scheduler } = setup();
    scheduler.add({
      name: 'flaky',
      everyMs: 0,
      run: async () => {
        throw new Error('database away');
      },
    });
    await scheduler.run('flaky');
    await scheduler.run('flaky');
    assert.equal(errors.length, 2);
    assert.equal(errors[0]![0], 'flaky');
    assert.match(String(errors[0]![1]), /database away/);
  });

  it('times each job by its own interval once started, and not after stop', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { scheduler } = setup();
    const runs = { fast: 0, slow: 0, off: 0 };
    for (const [name, everyMs] of [
      ['fast', 100],
      ['slow', 250],
      ['off', 0],
    ] as const)
      scheduler.add({ name, everyMs, run: async () => runs[name]++ });
    t.mock.timers.tick(1000);
    assert.deepEqual(runs, { fast: 0, slow: 0, off: 0 }, 'nothing runs before start');
    scheduler.start();
    for (let i = 0; i < 10; i++) {
      t.mock.timers.tick(50);
      await new Promise<void>((r) => setImmediate(r));
    }
    assert.deepEqual(runs, { fast: 5, slow: 2, off: 0 });
    await scheduler.stop();
    t.mock.timers.tick(1000);
    await new Promise<void>((r) => setImmediate(r));
    assert.deepEqual(runs, { fast: 5, slow: 2, off: 0 });
  });

  it('refuses a job added twice and a run of an unknown job', () => {
    const { scheduler } = setup();
    scheduler.add({ name: 'a', everyMs: 0, run: async () => {} });
    assert.throws(() => scheduler.add({ name: 'a', everyMs: 0, run: async () => {} }), /twice/);
    assert.throws(() => scheduler.run('b'), /no job b/);
  });
});
