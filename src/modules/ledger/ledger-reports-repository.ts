import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

/** A span of time, `from` inclusive, `to` exclusive (ISO instants), optionally for one agency. */
export interface Period {
  from: string;
  to: string;
  agencyId?: string | undefined;
}

/** What the ledger's reports read: sums and bookings of a period, and an account's statement. */
export function createLedgerReportsRepository(db: Kysely<Database>) {
  const inPeriod = (period: Period) =>
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .where('t.created_at', '>=', period.from)
      .where('t.created_at', '<', period.to)
      .$if(period.agencyId !== undefined, (q) => q.where('t.agency_id', '=', period.agencyId!));

  return {
    /**
     * The period's sums of the given accounts' entries, per transaction kind, product, account and
     * currency; only transactions of `agencyId` when given. `to` is exclusive.
     */
    async periodSums(period: Period, accounts: readonly string[]) {
      const rows = await inPeriod(period)
        .where('e.account', 'in', accounts)
        .select((eb) => [
          't.kind',
          't.product',
          'e.account',
          'e.currency',
          eb.fn.sum<number | string>('e.amount').as('total'),
        ])
        .groupBy(['t.kind', 't.product', 'e.account', 'e.currency'])
        .execute();
      return rows.map((r) => ({ ...r, total: Number(r.total) }));
    },

    /** Bookings with a sale in the period, per product and the currency they were sold in. */
    async periodBookings(period: Period, saleAccounts: readonly string[]) {
      const rows = await inPeriod(period)
        .where('t.kind', '=', 'sale')
        .where('e.account', 'in', saleAccounts)
        .select((eb) => [
          't.product',
          'e.currency',
          eb.fn.count<number | string>('t.booking_id').distinct().as('bookings'),
        ])
        .groupBy(['t.product', 'e.currency'])
        .execute();
      return rows.map((r) => ({ ...r, bookings: Number(r.bookings) }));
    },

    /** An account's balance before `from`, and its entries from `from` until `to` (exclusive), oldest first. */
    async statement(account: string, from: string, to: string) {
      const [opening, entries] = await Promise.all([
        db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('n'))
          .where('account', '=', account)
          .where('created_at', '<', from)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('ledger_entries as e')
          .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
          .select([
            'e.id',
            'e.transaction_id',
            't.kind',
            't.description',
            't.booking_id',
            'e.amount',
            'e.balance_after',
            'e.created_at',
          ])
          .where('e.account', '=', account)
          .where('e.created_at', '>=', from)
          .where('e.created_at', '<', to)
          .orderBy('e.id')
          .execute(),
      ]);
      return { opening: Number(opening.n), entries };
    },
  };
}
