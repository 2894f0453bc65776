import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestStorage } from '../../test/helpers/engine.ts';
import { changesOn, compactChanges, logChanges } from './change-log.ts';
import type { Storage } from './database.ts';

describe('the inventory change log', () => {
  let storage: Storage;
  before(async () => {
    storage = await openTestStorage();
  });
  after(() => storage.close());

  const log = (scope: 'seats' | 'rooms', days: string[]) =>
    storage.db.transaction().execute((trx) => logChanges(trx, scope, days));

  it('moves a day’s figure with every change on it, by scope, and not with a rolled-back one', async () => {
    assert.deepEqual(
      [...(await changesOn(storage.db, 'seats', ['2027-01-01', '2027-01-02']))],
      [
        ['2027-01-01', 0],
        ['2027-01-02', 0],
      ],
    );
    await log('seats', ['2027-01-01']);
    await log('seats', ['2027-01-01', '2027-01-02']);
    await log('rooms', ['2027-01-01']);
    await assert.rejects(
      storage.db.transaction().execute(async (trx) => {
        await logChanges(trx, 'seats', ['2027-01-01']);
        throw new Error('the sale failed');
      }),
    );
    assert.deepEqual(
      [...(await changesOn(storage.db, 'seats', ['2027-01-01', '2027-01-02']))],
      [
        ['2027-01-01', 2],
        ['2027-01-02', 1],
      ],
    );
    assert.equal((await changesOn(storage.db, 'rooms', ['2027-01-01'])).get('2027-01-01'), 1);
  });

  it('folds a busy day into one row of the same figure, and forgets days before today', async () => {
    for (let i = 0; i < 12; i++) await log('rooms', ['2027-02-01']);
    await log('rooms', ['2027-02-02']);
    assert.equal(
      await compactChanges(storage.db, '2027-01-02', 8),
      1,
      'only 2027-02-01 had more than 8 rows',
    );
    const rows = await storage.db
      .selectFrom('inventory_changes')
      .selectAll()
      .where('scope', '=', 'rooms')
      .where('day', '=', '2027-02-01')
      .execute();
    assert.equal(rows.length, 1);
    assert.equal((await changesOn(storage.db, 'rooms', ['2027-02-01'])).get('2027-02-01'), 12);
    await log('rooms', ['2027-02-01']);
    assert.equal((await changesOn(storage.db, 'rooms', ['2027-02-01'])).get('2027-02-01'), 13);
    assert.equal((await changesOn(storage.db, 'seats', ['2027-01-01'])).get('2027-01-01'), 0, 'a past day');
    assert.equal(
      (await changesOn(storage.db, 'seats', ['2027-01-02'])).get('2027-01-02'),
      1,
      'today is kept',
    );
  });
});
