import { exponentOf } from './currencies.ts';

/** Units of each currency that one euro buys, as of a date: the pivot every conversion goes through. */
export interface RateTable {
  asOf: string;
  perEuro: ReadonlyMap<string, number>;
}

/** Whether the table can convert from and to the currency. */
export function hasRate(table: RateTable, currency: string): boolean {
  return currency === 'EUR' || table.perEuro.has(currency);
}

/**
 * An amount in minor units of `from`, in minor units of `to`, rounded half away from zero to the
 * target's exponent; undefined when the table has no rate for either. Exact when `from` is `to`.
 */
export function convert(table: RateTable, amount: number, from: string, to: string): number | undefined {
  if (from === to) return amount;
  const rateFrom = from === 'EUR' ? 1 : table.perEuro.get(from);
  const rateTo = to === 'EUR' ? 1 : table.perEuro.get(to);
  if (rateFrom === undefined || rateTo === undefined) return undefined;
  const major = amount / 10 ** exponentOf(from);
  const converted = (major / rateFrom) * rateTo * 10 ** exponentOf(to);
  return Math.sign(converted) * Math.round(Math.abs(converted));
}

/**
 * A comparable value of an amount whatever its currency (euro major units, unrounded), for sorting and
 * filtering across currencies; +Infinity when the table has no rate for it, so such amounts sort last.
 */
export function comparable(table: RateTable, amount: number, currency: string): number {
  const rate = currency === 'EUR' ? 1 : table.perEuro.get(currency);
  if (rate === undefined) return Number.POSITIVE_INFINITY;
  return amount / 10 ** exponentOf(currency) / rate;
}
