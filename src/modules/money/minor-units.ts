import { exponentOf } from './currencies.ts';

/**
 * An amount in minor units written in major units with the currency's exponent, without floating point:
 * 12550 EUR is "125.50", -5 JPY is "-5", 35600 KWD is "35.600". For people and spreadsheets; the API
 * itself speaks minor units.
 */
export function formatMinor(amount: number, currency: string): string {
  const exponent = exponentOf(currency);
  const digits = Math.abs(amount)
    .toString()
    .padStart(exponent + 1, '0');
  const sign = amount < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * A decimal amount in major units ("125.50" GBP, "15000" JPY) in minor units, exactly: undefined when it
 * is not a plain non-negative decimal or has more decimals than the currency has.
 */
export function parseMajor(text: string, currency: string): number | undefined {
  const m = /^(\d{1,13})(?:\.(\d+))?$/.exec(text);
  const exponent = exponentOf(currency);
  if (!m || (m[2]?.length ?? 0) > exponent) return undefined;
  const minor = Number(m[1]) * 10 ** exponent + Number((m[2] ?? '').padEnd(exponent, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/**
 * An amount as a reader of a language writes it, with the currency's code and its own number of
 * decimals: 12550 EUR is "EUR 125.50" in English, "125,50 EUR" in German.
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const exponent = exponentOf(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(Number(formatMinor(amount, currency)));
}
