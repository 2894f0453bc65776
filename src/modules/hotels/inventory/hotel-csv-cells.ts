import { isCalendarDate } from '../../../shared/calendar.ts';
import { parseMajor } from '../../money/index.ts';
import type { CancellationPolicy } from './hotel-cancellation-rules.ts';
import type { ChildBand, Season } from './hotel-rates.ts';

/**
 * Reads the cells of the hotel CSV tables. Each reader takes the cell's text and a `problem` callback,
 * and answers the value (a placeholder when the text is wrong, the problem said). Lists are separated by
 * semicolons, so a cell never needs quoting for them.
 */
export type Problem = (detail: string) => void;

const show = (text: string) => JSON.stringify(text);

export function integer(column: string, text: string, problem: Problem, blank?: number): number {
  if (text === '' && blank !== undefined) return blank;
  if (!/^-?\d+$/.test(text)) problem(`${column} ${show(text)} is not a whole number`);
  return Number(text);
}

export function decimal(column: string, text: string, problem: Problem, blank?: number): number {
  if (text === '' && blank !== undefined) return blank;
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) problem(`${column} ${show(text)} is not a number`);
  return n;
}

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

export function flag(column: string, text: string, problem: Problem, blank: boolean): boolean {
  const t = text.toLowerCase();
  if (t === '') return blank;
  if (TRUE.has(t)) return true;
  if (!FALSE.has(t)) problem(`${column} ${show(text)} must be true or false (yes/no, 1/0)`);
  return false;
}

export const list = (text: string): string[] =>
  text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/** An amount written as a decimal in the currency's own exponent (125.50 EUR, 12500 JPY). */
export function amount(
  column: string,
  text: string,
  currency: string,
  problem: Problem,
  blank?: number,
): number {
  if (text === '' && blank !== undefined) return blank;
  const minor = parseMajor(text, currency);
  if (minor === undefined) problem(`${column} ${show(text)} is not an amount in ${currency} (e.g. 125.50)`);
  return minor ?? 0;
}

/** `a:b;c:d` pairs of whole numbers. */
function pairs(column: string, text: string, problem: Problem, example: string): Array<[number, number]> {
  return list(text).flatMap((item): Array<[number, number]> => {
    const m = /^(\d+)\s*:\s*(\d+)$/.exec(item);
    if (!m) {
      problem(`${column} ${show(item)} must be written like ${example}`);
      return [];
    }
    return [[Number(m[1]), Number(m[2])]];
  });
}

/**
 * `non_refundable`, or refundable steps `days_before:percent` separated by semicolons: `7:30;2:100`
 * charges 30% from seven days before arrival and everything from two; `free` never charges.
 */
export function cancellation(text: string, problem: Problem): CancellationPolicy {
  const t = text.toLowerCase();
  if (t === 'non_refundable' || t === 'non-refundable') return { refundable: false, steps: [] };
  if (t === 'free') return { refundable: true, steps: [] };
  if (t === '') problem('cancellation is needed: non_refundable, free, or steps like 7:30;2:100');
  const steps = pairs('cancellation', text, problem, '7:30;2:100 (days before arrival:percent)');
  return { refundable: true, steps: steps.map(([days_before, percent]) => ({ days_before, percent })) };
}

/** `max_age:percent` bands: `1:0;11:50;17:75`. */
export function childBands(text: string, problem: Problem): ChildBand[] {
  return pairs('child_bands', text, problem, '1:0;11:50;17:75 (up to age:percent)').map(
    ([max_age, percent]) => ({
      max_age,
      percent,
    }),
  );
}

/** Seven percents, Monday first (`100;100;100;105;120;125;95`); blank: 100 every day. */
export function weekdayPercents(text: string, problem: Problem): number[] {
  if (text === '') return [100, 100, 100, 100, 100, 100, 100];
  const days = list(text).map((d) => Number(d));
  if (days.length !== 7 || days.some((d) => !Number.isInteger(d)))
    problem(`weekday_percents ${show(text)} must be seven whole percents, Monday first`);
  return days;
}

/** `from..to:percent` separated by semicolons: `2026-12-20..2027-01-05:140`. */
export function seasons(text: string, problem: Problem): Season[] {
  return list(text).flatMap((item) => {
    const m = /^(\d{4}-\d{2}-\d{2})\s*\.\.\s*(\d{4}-\d{2}-\d{2})\s*:\s*(\d+)$/.exec(item);
    if (!m || !isCalendarDate(m[1]!) || !isCalendarDate(m[2]!)) {
      problem(`seasons ${show(item)} must be written like 2026-12-20..2027-01-05:140`);
      return [];
    }
    return [{ from: m[1]!, to: m[2]!, percent: Number(m[3]) }];
  });
}
