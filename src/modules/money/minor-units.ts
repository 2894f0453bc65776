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
