import type { Kysely } from 'kysely';

/** One agency per name, so agents created at the same moment for a new agency land in the same one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('agencies_name').on('agencies').column('name').unique().execute();
}
