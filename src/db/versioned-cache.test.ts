import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestStorage } from '../../test/helpers/engine.ts';
import type { Storage } from './database.ts';
import {
  bumpVersion,
  changesBetween,
  createVersionedCache,
  EVERYTHING,
  pruneIndexChanges,
  readVersion,
} from './versioned-cache.ts';

describe('versioned caches and their change log', () => {
  let storage: Storage;
  before(async () => {
    storage = await openTestStorage();
  });
  after(() => storage.close());

  const bump = (name: string, keys?: string[]) =>
    storage.db.transaction().execute((trx) => bumpVersion(trx, name, keys));

  it('gives each change the next version and logs the keys it touched', async () => {
    assert.equal(await bump('things', ['a', 'b']), 1);
    assert.equal(await bump('things', ['b', 'c', 'c']), 2);
    assert.equal(await bump('others'), 1, 'each counter its own');
    assert.deepEqual([...(await changesBetween(storage.db, 'things', 0, 2))!].sort(), ['a', 'b', 'c']);
    assert.deepEqual([...(await changesBetween(storage.db, 'things', 1, 2))!].sort(), ['b', 'c']);
    assert.equal(await changesBetween(storage.db, 'others', 0, 1), null, 'not itemised');
    await bump('things');
    assert.equal(await changesBetween(storage.db, 'things', 1, 3), null, 'a change without keys in between');
  });

  it('updates an index in place with the keys changed, or builds it afresh when it cannot', async () => {
    const built: number[] = [];
    const cache = createVersionedCache(storage.db, 'shelf', {
      load: async (version) => {
        built.push(version);
        return { version, keys: [] as string[] };
      },
      update: async (index, changed, version) => {
        if (changed.has('too-much')) return false;
        index.keys.push(...[...changed].sort());
        index.version = version;
        return true;
      },
    });
    const first = await cache.current();
    await bump('shelf', ['x']);
    await bump('shelf', ['y']);
    const second = await cache.refresh();
    assert.equal(second, first, 'the same index, updated');
    assert.deepEqual([second.version, second.keys], [2, ['x', 'y']]);
    await bump('shelf', ['too-much']);
    const third = await cache.refresh();
    assert.notEqual(third, first);
    assert.deepEqual(built, [0, 3]);
    await bump('shelf', [EVERYTHING]);
    assert.notEqual(await cache.refresh(), third, 'an unitemised change builds afresh');
    assert.equal(cache.stats().updates, 1);
  });

  it('never answers a refresh with an index older than the version it read, while an older build is still running', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const cache = createVersionedCache(storage.db, 'slow', {
      load: async (version) => {
        if (version === 1) await held; // the first build takes long
        return { version };
      },
    });
    await bump('slow');
    const older = cache.refresh(); // starts building version 1
    await bump('slow');
    const newer = cache.refresh(); // reads version 2 while version 1 is still building
    // Its read of the counter answered before these (one connection, or one queue, in order).
    for (let i = 0; i < 3; i++) await readVersion(storage.db, 'slow');
    release();
    assert.equal((await newer).version, 2, 'brought to the version it read');
    await older;
    assert.equal((await cache.current()).version, 2, 'the slower, older build does not replace it');
  });

  it('forgets itemised changes a hundred versions back, so a process that far behind builds afresh', async () => {
    for (let i = 0; i < 102; i++) await bump('busy', [`k${i}`]);
    await pruneIndexChanges(storage.db);
    assert.equal(await changesBetween(storage.db, 'busy', 0, 102), null);
    assert.deepEqual([...(await changesBetween(storage.db, 'busy', 100, 102))!].sort(), ['k100', 'k101']);
  });
});
