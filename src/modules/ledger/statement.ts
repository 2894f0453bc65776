import { stringify } from 'csv-stringify/sync';
import { formatMinor } from '../money/index.ts';

export interface StatementEntry {
  id: string;
  transaction_id: string;
  kind: string;
  description: string;
  booking_id: string | null;
  amount: number;
  balance_after: number | null;
  created_at: string;
}

/**
 * An agency's statement of account for a period: the balance brought forward, every entry in it with
 * the balance after it, and the balance carried forward (always the first plus the entries).
 */
export function statementOf(opening: number, entries: readonly StatementEntry[]) {
  const closing = entries.reduce((n, e) => n + e.amount, opening);
  return { opening_balance: opening, closing_balance: closing, entries };
}

/** The statement as CSV, amounts in major units of the account's currency. */
export function statementCsv(
  statement: ReturnType<typeof statementOf>,
  account: { agency_id: string; currency: string },
  period: { from: string; to: string },
): string {
  const money = (n: number) => formatMinor(n, account.currency);
  return stringify([
    ['date', 'transaction', 'kind', 'description', 'booking', 'amount', 'balance', 'currency'],
    [
      period.from,
      '',
      'opening_balance',
      `Balance brought forward, agency ${account.agency_id}`,
      '',
      '',
      money(statement.opening_balance),
      account.currency,
    ],
    ...statement.entries.map((e) => [
      e.created_at,
      e.transaction_id,
      e.kind,
      e.description,
      e.booking_id ?? '',
      money(e.amount),
      money(e.balance_after ?? 0),
      account.currency,
    ]),
    [
      period.to,
      '',
      'closing_balance',
      'Balance carried forward',
      '',
      '',
      money(statement.closing_balance),
      account.currency,
    ],
  ]);
}
