import type { Kysely } from 'kysely';

/**
 * Invoices and credit notes (src/modules/invoices): one row per document, numbered from a series per
 * kind and year (`document_sequences`), seller and buyer as they were when it was issued. An agency's
 * billing address and VAT id, printed on the invoices it is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoices')
    .addColumn('number', 'text', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('buyer_user_id', 'text', (c) => c.notNull())
    .addColumn('buyer_agency_id', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_amount', 'bigint', (c) => c.notNull())
    .addColumn('tax_amount', 'bigint', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('corrects', 'text')
    .execute();
  await db.schema.createIndex('invoices_booking').on('invoices').columns(['booking_id', 'id']).execute();
  await db.schema.createIndex('invoices_issued').on('invoices').columns(['issued_at']).execute();
  await db.schema.alterTable('agencies').addColumn('billing_address', 'text').execute();
  await db.schema.alterTable('agencies').addColumn('vat_id', 'text').execute();
}
