import { isCalendarDate } from '../../shared/calendar.ts';
import { isCurrency } from '../money/index.ts';

/** An import file: the date the rates are for, and units of each currency one euro buys. */
export interface RateFile {
  as_of: string;
  base?: string;
  rates: Record<string, number | string>;
}

/** Most currencies a file may name (ISO 4217 has fewer than 200). */
export const MAX_CURRENCIES = 400;

/**
 * What is wrong with a rate file, each with its pointer: a date, EUR as the base (rates are kept per euro,
 * as the ECB publishes them), known ISO 4217 codes other than EUR, and positive finite rates written as
 * numbers or decimal strings.
 */
export function rateFileProblems(file: RateFile): Array<{ pointer: string; detail: string }> {
  const problems: Array<{ pointer: string; detail: string }> = [];
  if (typeof file.as_of !== 'string' || !isCalendarDate(file.as_of))
    problems.push({ pointer: '/as_of', detail: 'must be a date, YYYY-MM-DD' });
  if (file.base !== undefined && file.base !== 'EUR')
    problems.push({ pointer: '/base', detail: 'must be EUR: rates are units of each currency per euro' });
  const entries = Object.entries(file.rates ?? {});
  if (entries.length === 0) problems.push({ pointer: '/rates', detail: 'must name at least one currency' });
  if (entries.length > MAX_CURRENCIES)
    problems.push({ pointer: '/rates', detail: `must name at most ${MAX_CURRENCIES} currencies` });
  for (const [code, rate] of entries) {
    const pointer = `/rates/${code}`;
    if (code === 'EUR') problems.push({ pointer, detail: 'is the base (1 by definition)' });
    else if (!isCurrency(code)) problems.push({ pointer, detail: 'is not an ISO 4217 currency' });
    if (!/^\d{1,12}(\.\d{1,12})?$/.test(String(rate)) || !(Number(rate) > 0))
      problems.push({ pointer, detail: 'must be a positive decimal number' });
  }
  return problems;
}
