import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flight_bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('agency_id', 'text', (c) => c.references('agencies.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('hold_expires_at', 'text')
    .addColumn('first_departure_at', 'text', (c) => c.notNull())
    .addColumn('itinerary', 'text', (c) => c.notNull())
    .addColumn('passengers', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('tickets', 'text')
    .addColumn('refund_amount', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flight_bookings_user')
    .on('flight_bookings')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('flight_bookings_agency')
    .on('flight_bookings')
    .columns(['agency_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('flight_bookings_hold')
    .on('flight_bookings')
    .columns(['status', 'hold_expires_at'])
    .execute();

  await db.schema
    .createTable('flight_booking_segments')
    .addColumn('booking_id', 'text', (c) => c.notNull().references('flight_bookings.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('schedule_id', 'text', (c) => c.notNull().references('flight_schedules.id'))
    .addColumn('departure_date', 'text', (c) => c.notNull())
    .addColumn('cabin', 'text', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('flight_booking_segments_pk', ['booking_id', 'position'])
    .execute();
  await db.schema
    .createIndex('flight_booking_segments_flight')
    .on('flight_booking_segments')
    .columns(['schedule_id', 'departure_date'])
    .execute();

  await db.schema
    .createTable('booking_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_events_booking')
    .on('booking_events')
    .columns(['booking_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}
