import type { Kysely } from 'kysely';

/**
 * Numbered documents. `document_sequences` holds the last number taken in each series (an airline's
 * ticket and EMD serials, later an issuer's invoices of a year), moved in the transaction that issues
 * the documents, so a number is taken exactly when its document is written. `flight_tickets` is the
 * register of e-tickets and EMDs: one row per document, its coupons, its value and, for a reissue, the
 * exchange it came from (docs/tickets.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_sequences')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('flight_tickets')
    .addColumn('number', 'text', (c) => c.primaryKey())
    .addColumn('check_digit', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('passenger_id', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('fare_amount', 'bigint', (c) => c.notNull())
    .addColumn('tax_amount', 'bigint', (c) => c.notNull())
    .addColumn('total_amount', 'bigint', (c) => c.notNull())
    .addColumn('coupons', 'text', (c) => c.notNull())
    .addColumn('conjunctions', 'text', (c) => c.notNull())
    .addColumn('exchange', 'text')
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flight_tickets_booking')
    .on('flight_tickets')
    .columns(['booking_id', 'issued_at'])
    .execute();
}
