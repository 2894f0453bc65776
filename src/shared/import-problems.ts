import { isCalendarDate } from './calendar.ts';

/** A problem on one line of a text file (SSIM, CSV), from 1. */
export interface LineProblem {
  line: number;
  detail: string;
}

/*
 * Field checks for import files: each answers false for a value of the wrong type, never reads a field of
 * one, and never lets a value through that only looks right once made a string (`["06:40"]`, `1234567`).
 */

/** Whether a value is text of `min` to `max` characters. */
export const isText = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;

/** Whether a value is text that `pattern` matches. */
export const matches = (pattern: RegExp, value: unknown): value is string =>
  typeof value === 'string' && pattern.test(value);

/** Whether a value is a calendar date `YYYY-MM-DD`. */
export const isDate = (value: unknown): value is string => typeof value === 'string' && isCalendarDate(value);

/** One problem found in an import file (flights or hotels), at a JSON pointer into the file. */
export interface ImportProblem {
  pointer: string;
  detail: string;
}

/**
 * A problem for each record whose key an earlier record of the same list already has: two records for
 * one thing in one file would leave which one is kept to chance. `keyOf` answers undefined for a record
 * too malformed to have a key (its own problems are reported elsewhere).
 */
export function repeatedRecords<T>(
  items: readonly T[],
  pointer: string,
  fields: string,
  keyOf: (item: T) => string | undefined,
): ImportProblem[] {
  const first = new Map<string, number>();
  const problems: ImportProblem[] = [];
  items.forEach((item, i) => {
    const key = item && typeof item === 'object' ? keyOf(item) : undefined;
    if (key === undefined) return;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i);
    else
      problems.push({ pointer: `${pointer}/${i}`, detail: `repeats ${pointer}/${earlier} (same ${fields})` });
  });
  return problems;
}
