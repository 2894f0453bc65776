import type { Kysely } from 'kysely';

/**
 * A log of inventory changes by day (`src/db/change-log.ts`): one row of weight 1 for each seat sold or
 * freed on a departure date (scope `seats`), or each room night sold, freed or re-allotted (scope
 * `rooms`), written in the transaction that makes the change, so the sum of a day's weights moves with
 * every committed change on it; compaction folds a day's rows into one of the same total. Searches
 * compare sums to know, in one small query, whether anything they remember has changed since.
 * Insert-only: concurrent sales never wait for each other on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inventory_changes')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inventory_changes_day')
    .on('inventory_changes')
    .columns(['scope', 'day', 'weight'])
    .execute();
}
