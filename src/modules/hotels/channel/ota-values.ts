import { isCalendarDate } from '../../../shared/calendar.ts';
import { exponentOf, parseMajor } from '../../money/index.ts';

/** An OTA date (xs:date, `2026-12-01`; a time or zone after it is ignored), or undefined. */
export function isoDate(text: string | undefined): string | undefined {
  const day = text?.slice(0, 10);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && isCalendarDate(day) ? day : undefined;
}

/**
 * An OTA amount in minor units of `currency`: written in major units ("120.50"), or as a whole number
 * with `DecimalPlaces` ("12050" with 2). Undefined when it is not exact in the currency.
 */
export function minorAmount(
  text: string,
  currency: string,
  decimalPlaces: number | null,
): number | undefined {
  if (decimalPlaces === null || text.includes('.')) return parseMajor(text, currency);
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const shift = exponentOf(currency) - decimalPlaces;
  if (shift < 0) return Number(text) % 10 ** -shift === 0 ? Number(text) / 10 ** -shift : undefined;
  const minor = Number(text) * 10 ** shift;
  return Number.isSafeInteger(minor) ? minor : undefined;
}
