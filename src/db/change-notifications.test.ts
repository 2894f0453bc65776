import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openTestStorage } from '../../test/helpers/engine.ts';
import { announceChange, listenForChanges } from './change-notifications.ts';
import type { Storage } from './database.ts';

let first: Storage;
let second: Storage;
before(async () => {
  first = await openTestStorage();
  second = await openTestStorage();
});
after(async () => {
  await first.close();
  await second.close();
});

/** Resolves once `heard` holds `count` names, or after a second (SQLite hears nothing: it polls). */
function waitFor(heard: string[], count: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const tick = setInterval(() => {
      if (heard.length >= count || Date.now() - started > 1_000) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });
}

test('a change is heard in its own schema only, so installations sharing a database do not wake each other', async (t) => {
  if (!first.pool) return t.skip('SQLite has no notifications; its processes poll');
  const heardFirst: string[] = [];
  const heardSecond: string[] = [];
  const listeners = [
    listenForChanges(
      first,
      (name) => heardFirst.push(name),
      (error) => assert.fail(String(error)),
    ),
    listenForChanges(
      second,
      (name) => heardSecond.push(name),
      (error) => assert.fail(String(error)),
    ),
  ];
  try {
    // Listening starts on a connection of its own; wait until both hear a change of their own.
    for (let i = 0; i < 50 && (heardFirst.length === 0 || heardSecond.length === 0); i++) {
      await first.db.transaction().execute((trx) => announceChange(trx, 'warm-up'));
      await second.db.transaction().execute((trx) => announceChange(trx, 'warm-up'));
      await new Promise((r) => setTimeout(r, 20));
    }
    heardFirst.length = 0;
    heardSecond.length = 0;
    await first.db.transaction().execute((trx) => announceChange(trx, 'hotels'));
    await second.db.transaction().execute((trx) => announceChange(trx, 'network'));
    await waitFor(heardFirst, 1);
    await waitFor(heardSecond, 1);
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(heardFirst, ['hotels']);
    assert.deepEqual(heardSecond, ['network']);
  } finally {
    await Promise.all(listeners.map((l) => l.close()));
  }
});
