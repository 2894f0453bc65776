import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Ledger transactions name the agency they concern (its balance, its booking), for statements and
 * reports by agency and period. Filled in for transactions already written: from their payment, or from
 * the agency account they touch (a top-up).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Databases made while 0013 still had the column (before it was moved here) keep it.
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`alter table ledger_transactions add column if not exists agency_id text`.execute(db);
  else {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from pragma_table_info('ledger_transactions') where name = 'agency_id'`.execute(
      db,
    );
    if (Number(rows[0]?.n ?? 0) === 0)
      await db.schema.alterTable('ledger_transactions').addColumn('agency_id', 'text').execute();
  }
  await db.schema
    .createIndex('ledger_transactions_created')
    .ifNotExists()
    .on('ledger_transactions')
    .columns(['created_at', 'agency_id'])
    .execute();
  await sql`
    update ledger_transactions set agency_id = (
      select p.agency_id from payments p where p.id = ledger_transactions.payment_id
    ) where agency_id is null and payment_id is not null`.execute(db);
  await sql`
    update ledger_transactions set agency_id = (
      select substr(e.account, 8) from ledger_entries e
      where e.transaction_id = ledger_transactions.id and e.account like 'agency:%' limit 1
    ) where agency_id is null`.execute(db);
}
