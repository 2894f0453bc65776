import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flight_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('flight_number', 'integer', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('departure_time', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('days_of_week', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text', (c) => c.notNull())
    .addColumn('aircraft', 'text', (c) => c.notNull())
    .addColumn('capacity_economy', 'integer', (c) => c.notNull())
    .addColumn('capacity_premium_economy', 'integer', (c) => c.notNull())
    .addColumn('capacity_business', 'integer', (c) => c.notNull())
    .addColumn('capacity_first', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('flight_schedules_period', ['carrier', 'flight_number', 'origin', 'valid_from'])
    .execute();

  await db.schema
    .createTable('flight_cancellations')
    .addColumn('schedule_id', 'text', (c) => c.notNull().references('flight_schedules.id'))
    .addColumn('departure_date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('flight_cancellations_pk', ['schedule_id', 'departure_date'])
    .execute();

  await db.schema
    .createTable('fares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('cabin', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('adult_amount', 'integer', (c) => c.notNull())
    .addColumn('child_amount', 'integer', (c) => c.notNull())
    .addColumn('infant_amount', 'integer', (c) => c.notNull())
    .addColumn('tax_amount', 'integer', (c) => c.notNull())
    .addColumn('infant_tax_amount', 'integer', (c) => c.notNull())
    .addColumn('checked_bags', 'integer', (c) => c.notNull())
    .addColumn('cabin_bags', 'integer', (c) => c.notNull())
    .addColumn('changeable', 'integer', (c) => c.notNull())
    .addColumn('change_penalty', 'integer', (c) => c.notNull())
    .addColumn('refundable', 'integer', (c) => c.notNull())
    .addColumn('refund_penalty', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('fares_product', ['carrier', 'origin', 'destination', 'cabin', 'brand'])
    .execute();

  await db.schema
    .createTable('seat_inventory')
    .addColumn('schedule_id', 'text', (c) => c.notNull().references('flight_schedules.id'))
    .addColumn('departure_date', 'text', (c) => c.notNull())
    .addColumn('cabin', 'text', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('seat_inventory_pk', ['schedule_id', 'departure_date', 'cabin'])
    .execute();

  await db.schema
    .createTable('change_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('service_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
