import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { openTestStorage } from '../helpers/engine.ts';
import { fareRecord, scheduleRecord } from '../helpers/flights.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

/** Waits (up to a bound) for a condition, checking every few milliseconds; false if it never held. */
async function eventually(condition: () => boolean, boundMs = 5_000): Promise<boolean> {
  for (let waited = 0; waited < boundMs; waited += 10) {
    if (condition()) return true;
    await sleep(10);
  }
  return condition();
}

describe('changes heard by other processes', () => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let one: TestApp;
  let two: TestApp;
  before(async () => {
    storage = await openTestStorage();
    // Neither process polls: only a notification can tell the other one.
    one = await buildTestApp({ storage });
    two = await buildTestApp({ storage });
    await one.flights.importNetwork({
      schedules: [scheduleRecord(one, 'BA', 832, ['LHR', 'DUB'], '08:00', 80)],
      fares: [fareRecord('BA', ['LHR', 'DUB'], 'light')],
    });
    await two.flights.refreshNetwork();
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await storage?.close();
  });

  it('updates the other process at once on PostgreSQL (LISTEN/NOTIFY), and at its next poll on SQLite', async () => {
    const seen = () => two.flights.indexStats().version;
    const before = seen()!;
    await one.flights.importNetwork({
      schedules: [],
      fares: [fareRecord('BA', ['LHR', 'DUB'], 'light', { adult: 99_900 })],
    });
    if (storage.engine === 'postgres') {
      assert.ok(await eventually(() => seen() === before + 1), 'notified');
      assert.equal(two.flights.indexStats().updates, 1, 'in place: the fares alone');
    } else {
      await sleep(100);
      assert.equal(seen(), before, 'SQLite has no notifications');
      await two.scheduler.run('flights.network_refresh');
      assert.equal(seen(), before + 1);
    }
  });
});
