import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestStorage, testEngine } from '../../test/helpers/engine.ts';
import type { Storage } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { forMigrator } from './migration-introspection.ts';

describe(`the migrator's view of the database (${testEngine()})`, () => {
  let mine: Storage;
  let other: Storage;
  before(async () => {
    mine = await openTestStorage();
    other = await openTestStorage();
  });
  after(async () => {
    await mine.close();
    await other.close();
  });

  it("lists this schema's tables, its own migration tables among them, and no other schema's", async () => {
    const db = forMigrator(mine.db, mine.schema);
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    const names = tables.map((t) => t.name);
    for (const table of ['kysely_migration', 'kysely_migration_lock', 'flight_bookings', 'hotels'])
      assert.ok(names.includes(table), table);
    if (mine.schema) assert.deepEqual(new Set(tables.map((t) => t.schema)), new Set([mine.schema]));
    assert.equal(names.length, new Set(names).size, 'each table once, though another schema has the same');
  });

  it('finds a migrated schema up to date, and runs queries through the view as through the database', async () => {
    assert.deepEqual(await migrateToLatest(other.db, other.schema), { applied: [] });
    const db = forMigrator(other.db, other.schema);
    const rows = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
    assert.equal(rows[0]?.name, '0001-accounts');
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('kysely_migration_lock').selectAll().execute();
    });
  });
});
