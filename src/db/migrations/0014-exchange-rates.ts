import type { Kysely } from 'kysely';

/**
 * Exchange rates as admins import them: units of each currency one euro buys, by the date they are for.
 * Kept as given (decimal text), so a rate reads back exactly as imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exchange_rates')
    .addColumn('as_of', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('per_euro', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_rates_pk', ['as_of', 'currency'])
    .execute();
}
