import type { Kysely } from 'kysely';

/**
 * A person's second factor (RFC 6238 TOTP): its key sealed, when it was confirmed (null: being set up),
 * the last time step accepted (a code works once) and the hashes of unused recovery codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('recovery_codes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
