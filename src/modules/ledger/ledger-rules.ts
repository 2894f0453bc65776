import { ACCOUNTS } from './accounts.ts';

/** One line of a ledger transaction: signed minor units (credit positive) of one currency. */
export interface Entry {
  account: string;
  currency: string;
  amount: number;
}

/** Who pays or is paid back: an account, in its own currency. */
export interface Party {
  account: string;
  currency: string;
}

/**
 * What was sold (or is given back): the total and the taxes in it, in the sale's currency; of the rest,
 * the seller's markup over the net, and the commission the selling agency earns on it.
 */
export interface SaleAmounts {
  total: number;
  tax: number;
  currency: string;
  markup?: number | undefined;
  commission?: number | undefined;
}

/** Whether every currency's entries sum to zero, every amount is a whole number and none is zero. */
export function isBalanced(entries: readonly Entry[]): boolean {
  const sums = new Map<string, number>();
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) return false;
    sums.set(e.currency, (sums.get(e.currency) ?? 0) + e.amount);
  }
  return [...sums.values()].every((s) => s === 0);
}

const nonZero = (entries: Entry[]) => entries.filter((e) => e.amount !== 0);

/** Money in from outside (a bank transfer) to an account: the account is credited. */
export function topUpEntries(account: string, amount: number, currency: string): Entry[] {
  return [
    { account, currency, amount },
    { account: ACCOUNTS.fundsReceived, currency, amount: -amount },
  ];
}

/**
 * A payer pays `paid` (in its own currency) for a sale: the payer is debited; the net (`sales`), the
 * markup and the taxes are credited in the sale's currency; when the currencies differ, the exchange account takes one leg of
 * each, so each currency balances on its own.
 */
export function saleEntries(payer: Party, paid: number, sale: SaleAmounts): Entry[] {
  return nonZero([
    { account: payer.account, currency: payer.currency, amount: -paid },
    ...exchangeLegs(payer.currency, paid, sale.currency, sale.total),
    { account: ACCOUNTS.sales, currency: sale.currency, amount: sale.total - sale.tax - (sale.markup ?? 0) },
    { account: ACCOUNTS.markups, currency: sale.currency, amount: sale.markup ?? 0 },
    { account: ACCOUNTS.taxesCollected, currency: sale.currency, amount: sale.tax },
  ]);
}

/**
 * An agency earns `commission` (the sale's currency), credited to its account as `credited` (the
 * account's currency); a negative commission takes back what a refund no longer earns.
 */
export function commissionEntries(
  agency: Party,
  credited: number,
  commission: number,
  currency: string,
): Entry[] {
  return nonZero([
    { account: ACCOUNTS.commissions, currency, amount: -commission },
    ...exchangeLegs(currency, commission, agency.currency, credited),
    { account: agency.account, currency: agency.currency, amount: credited },
  ]);
}

/** The part of a sale's commission a refund of `refund` of its `total` takes back (rounded half up). */
export function commissionReversed(commission: number, refund: number, total: number): number {
  if (total <= 0 || commission <= 0 || refund <= 0) return 0;
  const share = BigInt(commission) * BigInt(Math.min(refund, total));
  return Number((2n * share + BigInt(total)) / (2n * BigInt(total)));
}

/**
 * Cancelling (part of) a sale: the sale and its taxes are given back in full through `refunds` and
 * `taxes_collected`, the penalty (`total - refund`) is income, and the payer is credited `refundPaid`
 * (the refund in its own currency).
 */
export function refundEntries(payee: Party, refundPaid: number, sale: SaleAmounts, refund: number): Entry[] {
  return nonZero([
    { account: ACCOUNTS.refunds, currency: sale.currency, amount: -(sale.total - sale.tax) },
    { account: ACCOUNTS.taxesCollected, currency: sale.currency, amount: -sale.tax },
    { account: ACCOUNTS.penalties, currency: sale.currency, amount: sale.total - refund },
    ...exchangeLegs(sale.currency, refund, payee.currency, refundPaid),
    { account: payee.account, currency: payee.currency, amount: refundPaid },
  ]);
}

/** Money changing currency: `amount` of `from` goes in, `converted` of `to` comes out. */
function exchangeLegs(from: string, amount: number, to: string, converted: number): Entry[] {
  if (from === to) return [];
  return [
    { account: ACCOUNTS.currencyExchange, currency: from, amount },
    { account: ACCOUNTS.currencyExchange, currency: to, amount: -converted },
  ];
}

/**
 * What of `paid` (the payer's currency) corresponds to `part` of `total` (the sale's currency), at the
 * sale's own ratio, rounded half up: all of it when `part` is the whole.
 */
export function proportionOfPaid(paid: number, total: number, part: number): number {
  if (part >= total) return paid;
  return Math.round((paid * part) / total);
}
