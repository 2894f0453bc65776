/**
 * Local wall-clock times in IANA zones, without a date library: the zone's offset at an instant
 * comes from Intl (the runtime's tz database), cached per zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallClock(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instantMs)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
  };
}

function exactOffset(instantMs: number, timeZone: string): number {
  const w = wallClock(instantMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUtc - Math.floor(instantMs / 60_000) * 60_000) / 60_000);
}

/** A span of time over which a zone's offsets are worked out at once: four weeks. */
const SPAN_MS = 28 * 86_400_000;
/** How far apart a span's offsets are asked of Intl: zones change their clocks at most once a week. */
const STEP_MS = 7 * 86_400_000;

/**
 * A zone's offsets through one span: `offsets[0]` from its start, `offsets[k + 1]` from the instant
 * `changes[k]` (whole minutes, ascending).
 */
interface Span {
  changes: number[];
  offsets: number[];
}

const spans = new Map<string, Map<number, Span>>();

/**
 * Works out a zone's offsets through span number `n`: asked of Intl once a week, and where two answers
 * differ, the minute the clocks changed found by halving the week (about twenty questions per change).
 */
function spanOf(timeZone: string, n: number): Span {
  const start = n * SPAN_MS;
  const changes: number[] = [];
  const offsets = [exactOffset(start, timeZone)];
  let lo = start;
  for (let step = 1; step <= SPAN_MS / STEP_MS; step++) {
    // The last minute of each week of the span.
    const hi = start + step * STEP_MS - 60_000;
    const before = offsets[offsets.length - 1]!;
    const after = exactOffset(hi, timeZone);
    if (after !== before) {
      // The first minute with the new offset lies in (a, b].
      let a = lo;
      let b = hi;
      while (b - a > 60_000) {
        const mid = a + Math.floor((b - a) / 120_000) * 60_000;
        if (exactOffset(mid, timeZone) === before) a = mid;
        else b = mid;
      }
      changes.push(b);
      offsets.push(after);
    }
    lo = hi;
  }
  return { changes, offsets };
}

/**
 * The zone's offset from UTC, in minutes, at an instant (east positive). The runtime's tz database is
 * asked through Intl, which is slow, a few dozen times per zone and four weeks; an answer is then a
 * lookup and a comparison or two.
 */
export function offsetMinutes(instantMs: number, timeZone: string): number {
  let byNumber = spans.get(timeZone);
  if (!byNumber) {
    byNumber = new Map();
    spans.set(timeZone, byNumber);
  }
  const n = Math.floor(instantMs / SPAN_MS);
  let span = byNumber.get(n);
  if (!span) {
    if (byNumber.size >= SPANS_KEPT) byNumber.clear();
    span = spanOf(timeZone, n);
    byNumber.set(n, span);
  }
  const { changes, offsets } = span;
  let k = 0;
  while (k < changes.length && instantMs >= changes[k]!) k++;
  return offsets[k]!;
}
/** Spans kept per zone: two hundred years of them. */
const SPANS_KEPT = 2_600;

/**
 * The zone's offset through a whole local day when it does not change that day, else null. The
 * window from 14 h before to 38 h after UTC midnight covers the local day in every zone.
 */
function steadyOffset(dayStart: number, timeZone: string): number | null {
  const early = offsetMinutes(dayStart - 14 * 3_600_000, timeZone);
  const late = offsetMinutes(dayStart + 38 * 3_600_000, timeZone);
  return early === late ? early : null;
}

/**
 * The zone's offset from UTC in minutes through the whole local `date` (east positive), or null on a
 * day its clocks change: a day's local times then turn into instants by one subtraction each.
 */
export function offsetThroughDay(date: string, timeZone: string): number | null {
  return steadyOffset(dayStart(date), timeZone);
}

/**
 * The instant of a local date and time in a zone. A time that does not exist (skipped by a
 * daylight-saving change) moves forward by the gap, as airlines publish; an ambiguous time (repeated
 * when clocks go back) is the first of the two.
 */
export function localToInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const naive = Date.UTC(y, m - 1, d, hh, mm);
  const steady = steadyOffset(Date.UTC(y, m - 1, d), timeZone);
  if (steady !== null) return new Date(naive - steady * 60_000);
  const before = offsetMinutes(naive - 43_200_000, timeZone);
  const after = offsetMinutes(naive + 43_200_000, timeZone);
  const first = naive - before * 60_000;
  if (offsetMinutes(first, timeZone) === before) return new Date(first);
  const second = naive - after * 60_000;
  if (offsetMinutes(second, timeZone) === after) return new Date(second);
  return new Date(first); // in the gap: the wall clock jumped past this time; keep the elapsed time
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** ISO 8601 local time with its offset, e.g. `2026-03-29T10:30:00+02:00`. */
export function toLocalIso(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const offset = offsetMinutes(ms, timeZone);
  const local = new Date(ms + offset * 60_000).toISOString();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local.slice(0, 16)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The local calendar date of an instant in a zone, `YYYY-MM-DD`. */
export function localDate(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  return dateOfDay(Math.floor((ms + offsetMinutes(ms, timeZone) * 60_000) / 86_400_000));
}

/** `YYYY-MM-DD` of a day counted from 1970-01-01, kept once made. */
function dateOfDay(day: number): string {
  let date = dayDates.get(day);
  if (date === undefined) {
    if (dayDates.size >= 20_000) dayDates.clear();
    date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    dayDates.set(day, date);
  }
  return date;
}
const dayDates = new Map<number, string>();

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  // 1970-01-01 was a Thursday (ISO 4).
  const days = Math.floor(dayStart(date) / 86_400_000);
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

export function addDays(date: string, days: number): string {
  const key = `${date}${days}`;
  let out = shiftedDays.get(key);
  if (out === undefined) {
    if (shiftedDays.size >= 20_000) shiftedDays.clear();
    out = new Date(dayStart(date) + days * 86_400_000).toISOString().slice(0, 10);
    shiftedDays.set(key, out);
  }
  return out;
}
const shiftedDays = new Map<string, string>();

/** Whole days from `a` to `b`, both `YYYY-MM-DD`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((dayStart(b) - dayStart(a)) / 86_400_000);
}

/**
 * Midnight UTC of a calendar date, in ms. Searches price tens of thousands of nights over a few
 * dozen dates, so parsed dates are kept (a few thousand at most; the memo starts over beyond that).
 */
const parsedDays = new Map<string, number>();
export function dayStart(date: string): number {
  let ms = parsedDays.get(date);
  if (ms === undefined) {
    if (parsedDays.size >= 20_000) parsedDays.clear();
    ms = new Date(`${date}T00:00:00Z`).getTime();
    parsedDays.set(date, ms);
  }
  return ms;
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
