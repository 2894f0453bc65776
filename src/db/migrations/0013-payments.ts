import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Money that moves: agency accounts (balance and credit limit), a double-entry ledger, payments with the
 * gateway operations still to do (an outbox), card tokens, and the books of the built-in test gateway
 * (kept apart, as an outside provider keeps its own). Amounts are integer minor units (bigint on
 * PostgreSQL); bookings carry a summary of their payment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const money = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('agency_accounts')
    .addColumn('agency_id', 'text', (c) => c.primaryKey())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', money, (c) => c.notNull())
    .addColumn('credit_limit', money, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text')
    .addColumn('product', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('exchange_rate', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('balance_after', money)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_account')
    .on('ledger_entries')
    .columns(['account', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_transaction')
    .on('ledger_entries')
    .columns(['transaction_id'])
    .execute();
  await db.schema
    .createIndex('ledger_transactions_booking')
    .on('ledger_transactions')
    .columns(['booking_id'])
    .execute();
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text')
    .addColumn('product', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('agency_id', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('paid_amount', money, (c) => c.notNull())
    .addColumn('refunded_amount', money, (c) => c.notNull())
    .addColumn('card', 'text')
    .addColumn('gateway', 'text')
    .addColumn('gateway_token', 'text')
    .addColumn('gateway_ref', 'text')
    .addColumn('exchange_rate', 'text')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_booking').on('payments').columns(['booking_id']).execute();
  await db.schema.createIndex('payments_status').on('payments').columns(['status', 'created_at']).execute();
  await db.schema
    .createTable('payment_operations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema
    .createIndex('payment_operations_due')
    .on('payment_operations')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createTable('card_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_token', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('test_gateway_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('captured_amount', money, (c) => c.notNull())
    .addColumn('refunded_amount', money, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('test_gateway_refunds')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (const table of ['flight_bookings', 'hotel_bookings'])
    await db.schema.alterTable(table).addColumn('payment', 'text').execute();
}
