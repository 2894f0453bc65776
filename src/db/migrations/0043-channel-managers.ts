import type { Kysely } from 'kysely';

/**
 * Channel managers (OpenTravel messages). `rate_nights` holds what a channel sets of a rate plan on one
 * room type for one night: its price (for the plan's standard occupancy, and by number of adults) and
 * its restrictions (closed, closed to arrival or departure, minimum and maximum stay on arrival).
 * `channel_connections` are the hotel groups' channel managers: the credentials they post with, the
 * hotels they may update, where reservations are sent. `channel_deliveries` is the outbox of those
 * reservation messages; a booking keeps the hotel's own confirmation number its channel manager answered. A night's `extras` (JSON) price guests beyond the base: an extra adult, children by age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_nights')
    .addColumn('room_type_id', 'text', (c) => c.notNull().references('room_types.id'))
    .addColumn('rate_plan_id', 'text', (c) => c.notNull().references('rate_plans.id'))
    .addColumn('night', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer')
    .addColumn('by_guests', 'text')
    .addColumn('extras', 'text')
    .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_to_arrival', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_to_departure', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_stay', 'integer')
    .addColumn('max_stay', 'integer')
    .addPrimaryKeyConstraint('rate_nights_pk', ['room_type_id', 'rate_plan_id', 'night'])
    .execute();
  await db.schema
    .createTable('channel_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('chain', 'text')
    .addColumn('hotel_codes', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('reservations_url', 'text')
    .addColumn('reservations_username', 'text')
    .addColumn('reservations_password', 'text')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('channel_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('connection_id', 'text', (c) => c.notNull().references('channel_connections.id'))
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('channel_deliveries_due')
    .on('channel_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.alterTable('hotel_bookings').addColumn('hotel_confirmation', 'text').execute();
  await db.schema
    .createIndex('channel_deliveries_booking')
    .on('channel_deliveries')
    .columns(['booking_id', 'created_at'])
    .execute();
}
