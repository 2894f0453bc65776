import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from './app-error.ts';
import { createSearchGate, type SearchGateLimits } from './search-gate.ts';

/** A search that runs until `finish` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  return {
    search: async () => {
      started = true;
      await done;
      return 'answer';
    },
    finish,
    started: () => started,
  };
}

const limits = (over: Partial<SearchGateLimits> = {}): SearchGateLimits => ({
  concurrency: 1,
  queueLimit: 10,
  perClient: 10,
  maxWaitMs: 60_000,
  ...over,
});

const refusal = (code: string, status: string) => (error: unknown) => {
  assert.ok(error instanceof AppError);
  assert.equal(error.code, code);
  assert.equal(error.headers['retry-after'], status);
  return true;
};

describe('search gate', () => {
  it('refuses an account its next search beyond its cap with 429, while another account is served', async () => {
    const gate = createSearchGate(limits({ concurrency: 4, perClient: 2 }));
    const a1 = held();
    const a2 = held();
    const running = [gate.run('a', a1.search), gate.run('a', a2.search)];
    await assert.rejects(
      gate.run('a', async () => 'x'),
      refusal('RATE_LIMITED', '1'),
    );
    assert.equal(await gate.run('b', async () => 'b served'), 'b served');
    a1.finish();
    await running[0];
    assert.equal(await gate.run('a', async () => 'a again'), 'a again', 'a finished search frees a place');
    a2.finish();
    await Promise.all(running);
    assert.deepEqual(gate.load(), { running: 0, waiting: 0 });
  });

  it('queues beyond its concurrency, runs the queue in order, and sheds with 503 once the queue is full', async () => {
    const gate = createSearchGate(limits({ concurrency: 1, queueLimit: 2 }));
    const first = held();
    const order: string[] = [];
    const running = gate.run('a', first.search);
    const queued = [gate.run('b', async () => order.push('b')), gate.run('c', async () => order.push('c'))];
    assert.deepEqual(gate.load(), { running: 1, waiting: 2 });
    await assert.rejects(
      gate.run('d', async () => 'x'),
      refusal('OVERLOADED', '1'),
    );
    first.finish();
    await Promise.all([running, ...queued]);
    assert.deepEqual(order, ['b', 'c']);
    assert.deepEqual(gate.load(), { running: 0, waiting: 0 });
  });

  it('sheds a search that waited longer than it may, and the rest go on', async () => {
    const gate = createSearchGate(limits({ concurrency: 1, maxWaitMs: 1 }));
    const first = held();
    const running = gate.run('a', first.search);
    const late = held();
    await assert.rejects(gate.run('b', late.search), refusal('OVERLOADED', '1'));
    assert.equal(late.started(), false, 'a shed search never runs');
    assert.deepEqual(gate.load(), { running: 1, waiting: 0 });
    first.finish();
    await running;
    assert.equal(await gate.run('b', async () => 'served'), 'served');
  });

  it('frees the place of a search that failed', async () => {
    const gate = createSearchGate(limits({ perClient: 1 }));
    await assert.rejects(
      gate.run('a', async () => {
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(await gate.run('a', async () => 'next'), 'next');
    assert.deepEqual(gate.load(), { running: 0, waiting: 0 });
  });
});
