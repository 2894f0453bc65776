import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import { addDays, daysBetween } from '../../shared/calendar.ts';
import type { Principal } from '../auth/index.ts';
import { ACCOUNTS, agencyAccount } from './accounts.ts';
import { agencyScope } from './agency-scope.ts';
import type { LedgerRepository } from './ledger-repository.ts';
import { salesReport } from './sales-report.ts';
import { statementOf } from './statement.ts';

/** The longest period a report or statement covers. */
export const MAX_PERIOD_DAYS = 366;

/** Calendar dates `from`..`to` (both included, UTC) as instants, `to` exclusive; 400 when backwards or too long. */
function periodOf(from: string, to: string) {
  const days = daysBetween(from, to);
  if (days < 0) throw invalidField('/to', 'is before from', 'querystring');
  if (days >= MAX_PERIOD_DAYS)
    throw invalidField('/to', `is more than ${MAX_PERIOD_DAYS} days after from`, 'querystring');
  return { from: `${from}T00:00:00.000Z`, to: `${addDays(to, 1)}T00:00:00.000Z` };
}

/** Reports read from the ledger: sales by period, and an agency's statement of account. */
export function createLedgerReports(deps: { db: Kysely<Database>; ledger: LedgerRepository }) {
  const { ledger } = deps;
  return {
    /** Sales, refunds and penalties per product and currency; admins all agencies' or one's, agents their own. */
    async sales(principal: Principal, query: { from: string; to: string; agency_id?: string | undefined }) {
      const agencyId = agencyScope(principal, query.agency_id, true);
      const period = { ...periodOf(query.from, query.to), agencyId };
      const [sums, counts] = await Promise.all([
        ledger.periodSums(period, [
          ACCOUNTS.sales,
          ACCOUNTS.markups,
          ACCOUNTS.commissions,
          ACCOUNTS.taxesCollected,
          ACCOUNTS.refunds,
          ACCOUNTS.penalties,
        ]),
        ledger.periodBookings(period, [ACCOUNTS.sales, ACCOUNTS.markups, ACCOUNTS.taxesCollected]),
      ]);
      return { from: query.from, to: query.to, agency_id: agencyId ?? null, ...salesReport(sums, counts) };
    },

    /** An agency's statement for the period: balance brought forward, the entries, balance carried forward. */
    async statement(
      principal: Principal,
      query: { from: string; to: string; agency_id?: string | undefined },
    ) {
      const agencyId = agencyScope(principal, query.agency_id, false)!;
      const period = periodOf(query.from, query.to);
      const account = await ledger.account(deps.db, agencyId);
      if (!account && !(await ledger.agencyExists(agencyId)))
        throw new AppError('NOT_FOUND', `No agency ${agencyId}`);
      const { opening, entries } = await ledger.statement(agencyAccount(agencyId), period.from, period.to);
      return {
        agency_id: agencyId,
        currency: account?.currency ?? 'EUR',
        from: query.from,
        to: query.to,
        ...statementOf(opening, entries),
      };
    },
  };
}

export type LedgerReports = ReturnType<typeof createLedgerReports>;
