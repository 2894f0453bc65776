import { stringify } from 'csv-stringify/sync';
import { formatMinor } from '../money/index.ts';
import { ACCOUNTS } from './accounts.ts';

/** Sums of the ledger in a period: per transaction kind, product, account and currency. */
export interface LedgerSum {
  kind: string;
  product: string | null;
  account: string;
  currency: string;
  total: number;
}

/** Bookings sold in a period, per product and the currency they were sold in. */
export interface BookingCount {
  product: string | null;
  currency: string;
  bookings: number;
}

export interface SalesLine {
  product: string;
  currency: string;
  /** Bookings with a sale in the period (a hotel stay re-priced by a date change counts once). */
  bookings: number;
  /** What was sold, taxes included. */
  gross: number;
  /** The taxes in `gross`. */
  taxes: number;
  /** Of `gross`, the net before the seller's markup, taxes excluded. */
  net: number;
  /** Of `gross`, the seller's markup. */
  markup: number;
  /** Earned by agencies on the sales, less what refunds took back: an expense, outside `revenue`. */
  commissions: number;
  /** What was given back on cancellations and cheaper date changes. */
  refunds: number;
  /**
   * What payments replaced by new ones gave back (a change of dates or flights, services added): the old
   * payment reversed in full, the new one in `gross`. Not money given back to the traveller.
   */
  replaced: number;
  /** What cancellations kept. */
  penalties: number;
  /** `gross - replaced - refunds`: what the period's sales leave, taxes included. */
  revenue: number;
}

const MONEY = [
  'gross',
  'taxes',
  'net',
  'markup',
  'commissions',
  'refunds',
  'replaced',
  'penalties',
  'revenue',
] as const;

const COUNTED = ['bookings', ...MONEY] as const;

/** A line of a currency with nothing in it yet. */
const nothing = (currency: string): Omit<SalesLine, 'product'> => ({
  currency,
  ...(Object.fromEntries(COUNTED.map((k) => [k, 0])) as Record<(typeof COUNTED)[number], 0>),
});

const REVENUE = new Set<string>([
  ACCOUNTS.sales,
  ACCOUNTS.markups,
  ACCOUNTS.taxesCollected,
  ACCOUNTS.refunds,
  ACCOUNTS.penalties,
]);

/**
 * The sales report from the ledger's own sums, so it always adds up to the books: per product and
 * currency, `revenue` is exactly the period's entries on `sales`, `markups`, `taxes_collected`,
 * `refunds` and `penalties`, and `commissions` those on `commissions` (negated: an expense). Lines are
 * sorted by currency, then product; totals are per currency.
 */
export function salesReport(sums: readonly LedgerSum[], counts: readonly BookingCount[]) {
  const lines = new Map<string, SalesLine>();
  const line = (product: string | null, currency: string) => {
    const key = `${currency} ${product ?? ''}`;
    let found = lines.get(key);
    if (!found) {
      found = { product: product ?? 'none', ...nothing(currency) };
      lines.set(key, found);
    }
    return found;
  };
  for (const s of sums) {
    if (s.account === ACCOUNTS.commissions) {
      line(s.product, s.currency).commissions -= s.total;
      continue;
    }
    if (!REVENUE.has(s.account)) continue;
    const l = line(s.product, s.currency);
    l.revenue += s.total;
    if (s.kind === 'sale') {
      l.gross += s.total;
      if (s.account === ACCOUNTS.taxesCollected) l.taxes += s.total;
      if (s.account === ACCOUNTS.sales) l.net += s.total;
      if (s.account === ACCOUNTS.markups) l.markup += s.total;
    } else if (s.kind === 'replacement') {
      l.replaced -= s.total;
    } else if (s.account === ACCOUNTS.penalties) {
      l.penalties += s.total;
      l.refunds -= s.total;
    } else {
      l.refunds -= s.total;
    }
  }
  for (const c of counts) line(c.product, c.currency).bookings += c.bookings;
  const sorted = [...lines.values()].sort(
    (a, b) => a.currency.localeCompare(b.currency) || a.product.localeCompare(b.product),
  );
  const totals = new Map<string, Omit<SalesLine, 'product'>>();
  for (const l of sorted) {
    const t = totals.get(l.currency) ?? nothing(l.currency);
    for (const k of COUNTED) t[k] += l[k];
    totals.set(l.currency, t);
  }
  return { lines: sorted, totals: [...totals.values()] };
}

export type SalesReport = ReturnType<typeof salesReport>;

/** The report as CSV: one row per line, then one total row per currency; amounts in major units. */
export function salesReportCsv(report: SalesReport, period: { from: string; to: string }): string {
  const row = (product: string, l: Omit<SalesLine, 'product'>) => [
    period.from,
    period.to,
    product,
    l.currency,
    l.bookings,
    ...MONEY.map((k) => formatMinor(l[k], l.currency)),
  ];
  return stringify([
    ['from', 'to', 'product', 'currency', 'bookings', ...MONEY],
    ...report.lines.map((l) => row(l.product, l)),
    ...report.totals.map((t) => row('total', t)),
  ]);
}
