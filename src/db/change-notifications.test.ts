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

/** Waits, a turn at a time, until `done` holds (a bounded wait, for a notification that may be late). */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1_000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(done(), what);
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
  const announce = (storage: Storage, name: string) =>
    storage.db.transaction().execute((trx) => announceChange(trx, name));
  try {
    // Listening starts on a connection of its own: announce until both hear a change of their own.
    const warm = () => heardFirst.includes('warm-up') && heardSecond.includes('warm-up');
    for (let i = 0; i < 500 && !warm(); i++) {
      await announce(first, 'warm-up');
      await announce(second, 'warm-up');
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok(warm(), 'both listening');
    await announce(first, 'hotels');
    await announce(second, 'network');
    // Notifications reach each listener in commit order: once each has heard its own last one, it has
    // heard every earlier one it was ever going to hear, the other schema's among them.
    await announce(first, 'last');
    await announce(second, 'last');
    await until(() => heardFirst.includes('last') && heardSecond.includes('last'), 'both heard the last');
    const after = (heard: string[]) => heard.filter((name) => name !== 'warm-up');
    assert.deepEqual(after(heardFirst), ['hotels', 'last']);
    assert.deepEqual(after(heardSecond), ['network', 'last']);
  } finally {
    await Promise.all(listeners.map((l) => l.close()));
  }
});
