import type { Kysely } from 'kysely';

/**
 * An agency suspended: its users and machine clients refused until it is reinstated; its bookings stay.
 * A user's sessions ended: every access token issued before `sessions_reset_at` is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('agencies').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('sessions_reset_at', 'text').execute();
}
