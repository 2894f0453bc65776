import type { Kysely } from 'kysely';

/**
 * Hotel holds: a booking whose rooms are kept unpaid until `hold_expires_at`, then paid or released. The
 * sweep finds due holds by status and deadline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('hotel_bookings').addColumn('hold_expires_at', 'text').execute();
  await db.schema
    .createIndex('hotel_bookings_hold')
    .on('hotel_bookings')
    .columns(['status', 'hold_expires_at'])
    .execute();
}
