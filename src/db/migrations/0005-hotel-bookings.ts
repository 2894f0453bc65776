import type { Kysely } from 'kysely';

/**
 * Hotel bookings. A booking holds one or more rooms of one hotel for one stay; each room is its own
 * row so that one room can be cancelled on its own and its nights released. The columns a booking
 * search filters on (hotel, city, dates, deadline, folded names) are plain columns with indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hotel_bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('client_reference', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('agency_id', 'text', (c) => c.references('agencies.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hotel_id', 'text', (c) => c.notNull().references('hotels.id'))
    .addColumn('city_id', 'text', (c) => c.notNull())
    .addColumn('check_in', 'text', (c) => c.notNull())
    .addColumn('check_out', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('penalty_amount', 'integer')
    .addColumn('free_cancellation_until', 'text')
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('special_requests', 'text')
    .addColumn('hotel', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .execute();
  for (const [name, columns] of [
    ['hotel_bookings_user', ['user_id', 'created_at']],
    ['hotel_bookings_agency', ['agency_id', 'created_at']],
    ['hotel_bookings_check_in', ['check_in']],
    ['hotel_bookings_hotel', ['hotel_id', 'check_in']],
    ['hotel_bookings_city', ['city_id', 'check_in']],
    ['hotel_bookings_client_reference', ['client_reference']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('hotel_bookings')
      .columns([...columns])
      .execute();
  }

  await db.schema
    .createTable('hotel_booking_rooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('hotel_bookings.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('room_type_id', 'text', (c) => c.notNull().references('room_types.id'))
    .addColumn('rate_plan_id', 'text', (c) => c.notNull().references('rate_plans.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('adults', 'integer', (c) => c.notNull())
    .addColumn('child_ages', 'text', (c) => c.notNull())
    .addColumn('guests', 'text', (c) => c.notNull())
    .addColumn('special_requests', 'text')
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('penalty_amount', 'integer')
    .execute();
  await db.schema
    .createIndex('hotel_booking_rooms_booking')
    .on('hotel_booking_rooms')
    .columns(['booking_id', 'position'])
    .execute();
}
