import type { Kysely } from 'kysely';

/**
 * Trips: a flight booking and a hotel booking sold together as one package, in one transaction, with one
 * price and one payment (the parts have none of their own). The parts are named here, each in one trip
 * at most; what the hotel's part cost in the trip's currency is kept as sold (`parts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('agency_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_amount', 'bigint', (c) => c.notNull())
    .addColumn('refund_amount', 'bigint')
    .addColumn('flight_booking_id', 'text', (c) => c.notNull().unique())
    .addColumn('hotel_booking_id', 'text', (c) => c.notNull().unique())
    .addColumn('parts', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('payment', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema
    .createIndex('trips_idempotency')
    .on('trips')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('trips_owner').on('trips').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('trips_agency').on('trips').columns(['agency_id', 'created_at']).execute();
}
