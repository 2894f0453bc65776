import type { Kysely } from 'kysely';

/**
 * A booking remembers the Idempotency-Key that made it (unique per user), in the booking's own row and
 * transaction: a retry after a crash between the booking's commit and the key's answer being kept finds
 * the booking instead of making a second one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['flight_bookings', 'hotel_bookings']) {
    await db.schema.alterTable(table).addColumn('idempotency_key', 'text').execute();
    await db.schema
      .createIndex(`${table}_idempotency_key`)
      .on(table)
      .columns(['user_id', 'idempotency_key'])
      .unique()
      .execute();
  }
}
