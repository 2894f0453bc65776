import type { Kysely } from 'kysely';

/**
 * Services sold with a flight: a seat is one passenger's per dated flight, ever (the primary key makes
 * concurrent selections of one seat end with one holder), and what a fare charges for an extra checked
 * bag per slice and how many it sells per passenger (null: none sold, for fares imported before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seat_assignments')
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addColumn('departure_date', 'text', (c) => c.notNull())
    .addColumn('seat', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('passenger_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seat_assignments_pk', ['schedule_id', 'departure_date', 'seat'])
    .execute();
  await db.schema
    .createIndex('seat_assignments_booking')
    .on('seat_assignments')
    .column('booking_id')
    .execute();
  await db.schema.alterTable('fares').addColumn('extra_bag_fee', 'integer').execute();
  await db.schema
    .alterTable('fares')
    .addColumn('extra_bag_max', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
