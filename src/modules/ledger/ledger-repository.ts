import type { Kysely, Selectable } from 'kysely';
import { type KeysetPosition, pageWithTotal } from '../../db/keyset.ts';
import type {
  AgencyAccountsTable,
  Database,
  LedgerEntriesTable,
  LedgerTransactionsTable,
} from '../../db/tables.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import { agencyOf } from './accounts.ts';
import { createLedgerReportsRepository } from './ledger-reports-repository.ts';
import { type Entry, isBalanced } from './ledger-rules.ts';

/** The rate a transaction in another currency was made at (its JSON column). */
export interface ExchangeRateNote {
  from: string;
  to: string;
  rate: number;
  as_of: string;
}

/** A transaction's `exchange_rate` column, read. */
export const exchangeRateOf = (column: string | null): ExchangeRateNote | null =>
  column ? (JSON.parse(column) as ExchangeRateNote) : null;

export type LedgerTransaction = Selectable<LedgerTransactionsTable>;
export type LedgerEntry = Selectable<LedgerEntriesTable>;
export type AgencyAccount = Selectable<AgencyAccountsTable>;

/** Why posting to an agency account was refused; the caller's transaction rolls back. */
export class AgencyAccountRefusal extends Error {
  readonly agencyId: string;
  readonly reason: 'insufficient_funds' | 'currency_mismatch';
  readonly amount: number;
  readonly currency: string;

  constructor(
    agencyId: string,
    reason: 'insufficient_funds' | 'currency_mismatch',
    amount: number,
    currency: string,
  ) {
    super(`agency ${agencyId}: ${reason}`);
    this.agencyId = agencyId;
    this.reason = reason;
    this.amount = amount;
    this.currency = currency;
  }
}

/**
 * The ledger's storage. A transaction's entries are written together with the balance of every agency
 * account they touch, in the caller's database transaction; a debit of an agency is one conditional
 * statement (the balance may not fall below minus the credit limit), so concurrent debits cannot
 * overdraw it whatever the engine.
 */
export function createLedgerRepository(db: Kysely<Database>, ids: IdGenerator) {
  async function applyToAgency(
    trx: Kysely<Database>,
    agencyId: string,
    e: Entry,
    now: string,
    overdraw: boolean,
  ) {
    const row = await trx
      .updateTable('agency_accounts')
      .set((eb) => ({ balance: eb('balance', '+', e.amount), updated_at: now }))
      .where('agency_id', '=', agencyId)
      .where('currency', '=', e.currency)
      .$if(e.amount < 0 && !overdraw, (q) =>
        q.where((eb) => eb(eb('balance', '+', e.amount), '>=', eb.neg(eb.ref('credit_limit')))),
      )
      .returning('balance')
      .executeTakeFirst();
    if (row) return Number(row.balance);
    const account = await trx
      .selectFrom('agency_accounts')
      .select('currency')
      .where('agency_id', '=', agencyId)
      .executeTakeFirst();
    const reason = account && account.currency !== e.currency ? 'currency_mismatch' : 'insufficient_funds';
    throw new AgencyAccountRefusal(agencyId, reason, -e.amount, e.currency);
  }

  return {
    ...createLedgerReportsRepository(db),

    /**
     * Posts a balanced transaction; throws AgencyAccountRefusal (and the caller's transaction rolls
     * back) when an agency account it debits would go below its credit limit or is in another currency.
     * With `overdraw`, a debit may take an agency below its limit: for taking back what was credited (a
     * commission a refund no longer earns), which must never fail.
     */
    async post(
      trx: Kysely<Database>,
      txn: Omit<LedgerTransaction, 'id' | 'created_at'>,
      entries: readonly Entry[],
      now: string,
      options: { overdraw?: boolean } = {},
    ): Promise<string | null> {
      if (entries.length === 0) return null;
      if (!isBalanced(entries)) throw new Error(`unbalanced ledger transaction ${JSON.stringify(entries)}`);
      const id = ids.ordered('ltx');
      await trx
        .insertInto('ledger_transactions')
        .values({ ...txn, id, created_at: now })
        .execute();
      const rows: LedgerEntry[] = [];
      for (const e of entries) {
        const agency = agencyOf(e.account);
        rows.push({
          id: ids.ordered('len'),
          transaction_id: id,
          account: e.account,
          currency: e.currency,
          amount: e.amount,
          balance_after: agency ? await applyToAgency(trx, agency, e, now, options.overdraw ?? false) : null,
          created_at: now,
        });
      }
      await trx.insertInto('ledger_entries').values(rows).execute();
      return id;
    },

    /** An agency's account, made at zero in `currency` if it has none. */
    async ensureAccount(trx: Kysely<Database>, agencyId: string, currency: string, now: string) {
      await trx
        .insertInto('agency_accounts')
        .values({
          agency_id: agencyId,
          currency,
          balance: 0,
          credit_limit: 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('agency_id').doNothing())
        .execute();
      return (await this.account(trx, agencyId))!;
    },

    async account(trx: Kysely<Database>, agencyId: string): Promise<AgencyAccount | undefined> {
      return trx
        .selectFrom('agency_accounts')
        .selectAll()
        .where('agency_id', '=', agencyId)
        .executeTakeFirst();
    },

    async agencyExists(agencyId: string): Promise<boolean> {
      const row = await db.selectFrom('agencies').select('id').where('id', '=', agencyId).executeTakeFirst();
      return row !== undefined;
    },

    async setCreditLimit(trx: Kysely<Database>, agencyId: string, limit: number, now: string): Promise<void> {
      await trx
        .updateTable('agency_accounts')
        .set({ credit_limit: limit, updated_at: now })
        .where('agency_id', '=', agencyId)
        .execute();
    },

    /** One account's entries, oldest first, with the transaction each belongs to. */
    async entries(account: string, after: KeysetPosition | undefined, limit: number) {
      const base = db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
        .where('e.account', '=', account);
      return pageWithTotal(
        base
          .select([
            'e.id',
            'e.transaction_id',
            'e.account',
            'e.currency',
            'e.amount',
            'e.balance_after',
            'e.created_at',
            't.kind',
            't.description',
            't.booking_id',
            't.product',
            't.payment_id',
            't.exchange_rate',
          ])
          // Entries page on their id alone (time-ordered); the join makes a bare `id` ambiguous.
          .$if(after !== undefined, (q) => q.where('e.id', '>', after!.id))
          .orderBy('e.id')
          .limit(limit + 1)
          .execute()
          .then((rows) => rows.map((r) => ({ ...r, exchange_rate: exchangeRateOf(r.exchange_rate) }))),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
        limit,
      );
    },

    /** Sum of every entry per account and currency (for checks that the books add up). */
    async sums() {
      return db
        .selectFrom('ledger_entries')
        .select((eb) => ['account', 'currency', eb.fn.sum<number | string>('amount').as('total')])
        .groupBy(['account', 'currency'])
        .execute()
        .then((rows) =>
          rows.map((r) => ({ account: r.account, currency: r.currency, total: Number(r.total) })),
        );
    },

    /** The transactions written for a booking, oldest first, with their entries. */
    async forBooking(bookingId: string) {
      const txns = await db
        .selectFrom('ledger_transactions')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .orderBy('id')
        .execute();
      if (txns.length === 0) return [];
      const lines = await db
        .selectFrom('ledger_entries')
        .selectAll()
        .where(
          'transaction_id',
          'in',
          txns.map((t) => t.id),
        )
        .orderBy('id')
        .execute();
      return txns.map((t) => ({ ...t, entries: lines.filter((l) => l.transaction_id === t.id) }));
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
