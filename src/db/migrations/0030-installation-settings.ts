import type { Kysely } from 'kysely';

/** Facts about the installation itself, by name: for now, when its demo data was removed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('installation_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
