import type { Kysely } from 'kysely';

/**
 * A log of seat changes by departure date: one row of weight 1 for every seat sale or release, written
 * in the transaction that makes it, so the sum of a date's weights moves with every committed change on
 * that date (compaction folds a date's rows into one of the same total). Searches compare sums to know,
 * in one small query, whether any flight of a date they remember has sold or freed a seat since.
 * Insert-only: concurrent sales never wait for each other on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seat_changes')
    .addColumn('departure_date', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('seat_changes_date')
    .on('seat_changes')
    .columns(['departure_date', 'weight'])
    .execute();
}
