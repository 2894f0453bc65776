import { daysBetween } from '../../../shared/calendar.ts';
import { isoDate } from './ota-values.ts';

/*
 * What the OpenTravel notifications a channel manager sends share, read from their parsed XML: the OTA
 * error types and codes, where an update applies (`StatusApplicationControl`), and the container's hotel.
 * A message is read whole; every element in error is named by its path (the `Tag` of an OTA Error), and
 * a message with any error is applied not at all.
 */

/** OTA Error Warning Types (EWT) and Error Codes (ERR) used here. */
export const EWT = { unknown: 1, noImplementation: 2, bizRule: 3, authentication: 4, required: 10 } as const;
export const ERR = {
  invalidDate: 15,
  invalidCurrency: 61,
  invalidEndDate: 135,
  invalidStartDate: 136,
  invalidRateCode: 249,
  invalidValue: 320,
  requiredMissing: 321,
  invalidHotelCode: 392,
  invalidRoomType: 402,
  invalidDateRange: 404,
  unableToProcess: 450,
  authorization: 497,
} as const;

/** An OTA error (or warning) of a type and code, about the element at `tag`. */
export const problem = (type: number, code: number, text: string, tag: string): OtaError => ({
  type,
  code,
  text,
  tag,
});

export interface OtaError {
  type: number;
  code: number;
  text: string;
  /** The element or attribute in error, as a path from the message's root. */
  tag: string;
}

/** Where an update applies: a hotel, a room type (all when absent), a rate plan (all when absent). */
export interface Applied {
  hotelCode: string;
  roomCode: string | null;
  planCode: string | null;
  /** First and last night, inclusive. */
  start: string;
  end: string;
  /** ISO weekdays it applies on (1 Monday … 7 Sunday); every day when null. */
  weekdays: ReadonlySet<number> | null;
  /** The element it came from, for errors found when applying it. */
  tag: string;
}

export type Read<T> = { updates: T[]; errors: OtaError[]; warnings: OtaError[] };

export type Node = Record<string, unknown>;

export const attr = (node: Node | undefined, name: string): string | undefined => {
  const v = node?.[`@${name}`];
  return typeof v === 'string' ? v.trim() : undefined;
};
export const list = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(
    (x): x is Node => typeof x === 'object' && x !== null,
  );
export const one = (v: unknown): Node | undefined => list(v)[0];

const WEEKDAYS = [
  ['Mon', 1],
  ['Tue', 2],
  ['Weds', 3],
  ['Thur', 4],
  ['Fri', 5],
  ['Sat', 6],
  ['Sun', 7],
] as const;

/** The longest range one element may cover. */
export const MAX_RANGE_NIGHTS = 750;

const truthy = (v: string | undefined) => v === '1' || v?.toLowerCase() === 'true';
const flag = (v: string | undefined) =>
  v !== undefined && (v === '0' || v === '1' || /^(true|false)$/i.test(v));

/** A whole number in range, or undefined. */
export function whole(text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || !/^\d{1,6}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

/**
 * Where a `StatusApplicationControl` applies, or its errors. `hotelCode` is the container's.
 */
export function appliedOf(
  control: Node | undefined,
  hotelCode: string,
  tag: string,
  errors: OtaError[],
  needsRoom: boolean,
  /** Where the dates are written: a message's `StatusApplicationControl`, or a `Rate` itself. */
  at = `${tag}/StatusApplicationControl`,
): Applied | undefined {
  if (!control) {
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: 'StatusApplicationControl is required',
      tag: at,
    });
    return undefined;
  }
  const startText = attr(control, 'Start');
  const endText = attr(control, 'End');
  const start = isoDate(startText);
  const end = isoDate(endText);
  const before = errors.length;
  if (!start)
    errors.push({
      type: EWT.bizRule,
      code: ERR.invalidStartDate,
      text: `Start must be a date (YYYY-MM-DD), got ${JSON.stringify(startText ?? '')}`,
      tag: `${at}/@Start`,
    });
  if (!end)
    errors.push({
      type: EWT.bizRule,
      code: ERR.invalidEndDate,
      text: `End must be a date (YYYY-MM-DD), got ${JSON.stringify(endText ?? '')}`,
      tag: `${at}/@End`,
    });
  if (start && end && (end < start || daysBetween(start, end) > MAX_RANGE_NIGHTS))
    errors.push({
      type: EWT.bizRule,
      code: ERR.invalidDateRange,
      text: `End must be on or after Start, at most ${MAX_RANGE_NIGHTS} nights later`,
      tag: `${at}/@End`,
    });
  // A room type's code is `InvTypeCode`; some channel managers send it as `InvCode`.
  const roomCode = attr(control, 'InvTypeCode') || attr(control, 'InvCode') || null;
  if (needsRoom && !roomCode)
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: 'InvTypeCode is required',
      tag: `${at}/@InvTypeCode`,
    });
  const planCode = attr(control, 'RatePlanCode') || null;
  const flags = WEEKDAYS.filter(([name]) => attr(control, name) !== undefined);
  for (const [name] of flags)
    if (!flag(attr(control, name)))
      errors.push({
        type: EWT.bizRule,
        code: ERR.invalidValue,
        text: `${name} must be true, false, 1 or 0`,
        tag: `${at}/@${name}`,
      });
  if (errors.length > before || !start || !end) return undefined;
  const weekdays =
    flags.length === 0
      ? null
      : new Set(flags.filter(([name]) => truthy(attr(control, name))).map(([, d]) => d));
  return { hotelCode, roomCode, planCode, start, end, weekdays, tag };
}

/** The hotel code of a message's container (`AvailStatusMessages`, …), or an error. */
export function hotelOf(container: Node | undefined, tag: string, errors: OtaError[]): string | undefined {
  const code = attr(container, 'HotelCode');
  if (!container) {
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: `${tag.split('/').pop()} is required`,
      tag,
    });
    return undefined;
  }
  if (!code) {
    errors.push({
      type: EWT.required,
      code: ERR.requiredMissing,
      text: 'HotelCode is required',
      tag: `${tag}/@HotelCode`,
    });
    return undefined;
  }
  return code;
}
