import type { Kysely } from 'kysely';

/**
 * What each change to the data behind an in-memory index touched (`versioned-cache.ts`): one row per key
 * (a hotel id, a carrier's route) with the change counter's new value, written in the transaction that
 * bumps it, or a single `*` when the change was not itemised. A process behind by a few versions reads
 * the keys and updates only those; one behind by more than the log keeps builds afresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('index_changes')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('index_changes_version')
    .on('index_changes')
    .columns(['name', 'version'])
    .execute();
}
