import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeClock } from '../ports/clock.ts';
import { type Attempted, createOutbox, type OutboxStore, type Settlement } from './outbox.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { createScheduler } from './scheduler.ts';

interface Row {
  id: string;
  attempts: number;
  key: string;
  due: string;
  lockedUntil: string | null;
  status: 'pending' | 'done' | 'dead';
  error: string | null;
  note?: string | undefined;
}

/** An outbox table in memory, claimed and settled as the repositories do it. */
function memoryStore(rows: Row[]): OutboxStore<Row, { note: string }> & { lost: Set<string> } {
  const lost = new Set<string>();
  return {
    lost,
    async claimDue(now, leaseUntil, limit) {
      const due = rows
        .filter((r) => r.status === 'pending' && r.due <= now && (!r.lockedUntil || r.lockedUntil < now))
        .sort((a, b) => a.due.localeCompare(b.due) || a.id.localeCompare(b.id))
        .slice(0, limit);
      for (const r of due) r.lockedUntil = leaseUntil;
      return due.map((r) => ({ ...r }));
    },
    async settle(id, leaseUntil, s: Settlement, record) {
      const row = rows.find((r) => r.id === id)!;
      if (lost.has(id) || row.lockedUntil !== leaseUntil) return false;
      Object.assign(row, {
        status: s.outcome,
        attempts: row.attempts + 1,
        lockedUntil: null,
        error: s.lastError,
        due: s.nextAttemptAt ?? row.due,
        note: record?.note,
      });
      return true;
    },
  };
}

const row = (id: string, key = id): Row => ({
  id,
  attempts: 0,
  key,
  due: '2026-11-21T12:00:00.000Z',
  lockedUntil: null,
  status: 'pending',
  error: null,
});

const twoRetries: RetryPolicy = { kind: 'schedule', delaysSeconds: [10, 60], jitter: 0 };

function outboxOver(
  rows: Row[],
  attempt: (row: Row) => Promise<Attempted<{ note: string }>>,
  over: Partial<Parameters<typeof createOutbox<Row, { note: string }>>[0]> = {},
) {
  const clock = new FakeClock();
  const store = memoryStore(rows);
  const settled: string[] = [];
  const outbox = createOutbox<Row, { note: string }>({
    name: 'test.outbox',
    store,
    attempt,
    retry: twoRetries,
    clock,
    random: () => 0.5,
    batch: 10,
    concurrency: 4,
    leaseMs: 60_000,
    settled: (r, s) => {
      settled.push(`${r.id}:${s.outcome}`);
    },
    ...over,
  });
  return { outbox, clock, store, settled };
}

describe('outbox', () => {
  it('settles each attempt: done, due again on the policy, dead when it gives up or there is no point', async () => {
    const rows = [row('ok'), row('flaky'), row('gone'), row('throws')];
    let flakyCalls = 0;
    const { outbox, clock, settled } = outboxOver(rows, async (r) => {
      if (r.id === 'ok') return { ok: true, record: { note: 'sent' } };
      if (r.id === 'gone') return { ok: false, error: 'the event is gone', retry: false };
      if (r.id === 'throws') throw new Error('connection refused');
      flakyCalls++;
      return { ok: false, error: `answered 503 (${flakyCalls})` };
    });
    assert.equal(await outbox.runDue(), 4);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    assert.equal(byId.ok!.status, 'done');
    assert.equal(byId.ok!.note, 'sent');
    assert.equal(byId.gone!.status, 'dead');
    assert.deepEqual([byId.throws!.status, byId.throws!.error], ['pending', 'connection refused']);
    assert.deepEqual([byId.flaky!.status, byId.flaky!.due], ['pending', '2026-11-21T12:00:10.000Z']);
    assert.equal(await outbox.runDue(), 0, 'nothing is due before its delay');
    clock.advance(10);
    assert.equal(await outbox.runDue(), 2);
    clock.advance(60);
    assert.equal(await outbox.runDue(), 2, 'the schedule’s last try');
    assert.deepEqual([byId.throws!.status, byId.throws!.attempts], ['dead', 3]);
    assert.deepEqual(
      [byId.flaky!.status, byId.flaky!.attempts, byId.flaky!.error],
      ['dead', 3, 'answered 503 (3)'],
    );
    assert.deepEqual(settled.slice(0, 4).sort(), ['flaky:pending', 'gone:dead', 'ok:done', 'throws:pending']);
  });

  it('does not settle a row whose claim was lost, nor tell of it', async () => {
    const rows = [row('a'), row('b')];
    const { outbox, store, settled } = outboxOver(rows, async (r) => {
      if (r.id === 'a') store.lost.add('a'); // another worker took it after the lease ran out
      return { ok: true };
    });
    await outbox.runDue();
    assert.deepEqual(settled, ['b:done']);
    assert.equal(rows[0]!.attempts, 0);
  });

  it('attempts one sequence’s rows one after another, in order, and sequences side by side', async () => {
    const rows = ['a1', 'b1', 'a2', 'c1', 'b2', 'a3'].map((id) => row(id, id[0]));
    rows.forEach((r, i) => {
      r.due = `2026-11-21T11:59:0${i}.000Z`;
    });
    const started: string[] = [];
    const inFlight = new Map<string, number>();
    let most = 0;
    const { outbox } = outboxOver(
      rows,
      async (r) => {
        started.push(r.id);
        inFlight.set(r.key, (inFlight.get(r.key) ?? 0) + 1);
        assert.equal(inFlight.get(r.key), 1, `${r.key} has one attempt at a time`);
        most = Math.max(
          most,
          [...inFlight.values()].reduce((x, y) => x + y, 0),
        );
        await new Promise((resolve) => setImmediate(resolve));
        inFlight.set(r.key, inFlight.get(r.key)! - 1);
        return { ok: true };
      },
      { sequenceOf: (r) => r.key },
    );
    await outbox.runDue();
    for (const key of ['a', 'b', 'c'])
      assert.deepEqual(
        started.filter((id) => id[0] === key),
        rows.filter((r) => r.key === key).map((r) => r.id),
      );
    assert.equal(most, 3, 'the three sequences went side by side');
  });

  it('runs as a job: work before each claim, then batch after batch until what is due is done', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(`r${String(i).padStart(2, '0')}`));
    let befores = 0;
    const { outbox } = outboxOver(rows, async () => ({ ok: true }), {
      before: async () => {
        befores++;
      },
    });
    const scheduler = createScheduler({ clock: new FakeClock(), onError: (_, e) => assert.fail(String(e)) });
    outbox.schedule(scheduler, 0);
    await scheduler.run('test.outbox');
    assert.equal(rows.filter((r) => r.status === 'done').length, 25);
    assert.equal(befores, 3, 'batches of 10, 10 and 5');
  });
});
