import type { Kysely } from 'kysely';

/** Whom an agency is reached at: an e-mail address and a phone number its admin keeps current. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('agencies').addColumn('contact_email', 'text').execute();
  await db.schema.alterTable('agencies').addColumn('contact_phone', 'text').execute();
}
