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

const hourly = new Map<string, number>();

function quarterHourOffset(instantMs: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instantMs / 900_000)}`;
  let offset = hourly.get(key);
  if (offset === undefined) {
    offset = exactOffset(instantMs, timeZone);
    if (hourly.size > 1_000_000) hourly.clear();
    hourly.set(key, offset);
  }
  return offset;
}

const daily = new Map<string, number | null>();

/**
 * The zone's offset from UTC, in minutes, at an instant (east positive). Offsets change only on
 * whole UTC quarter-hours and at most once a day, so the answer is kept per zone and UTC day when the
 * day has no change (two questions to Intl, which is slow, per zone and day), else per quarter-hour.
 */
export function offsetMinutes(instantMs: number, timeZone: string): number {
  const day = Math.floor(instantMs / 86_400_000);
  const key = `${timeZone}|${day}`;
  let steady = daily.get(key);
  if (steady === undefined) {
    const first = quarterHourOffset(day * 86_400_000, timeZone);
    steady = first === quarterHourOffset((day + 1) * 86_400_000 - 1, timeZone) ? first : null;
    if (daily.size > 500_000) daily.clear();
    daily.set(key, steady);
  }
  return steady ?? quarterHourOffset(instantMs, timeZone);
}

const steadyDays = new Map<string, number | null>();

/**
 * The zone's offset through a whole local day when it does not change that day, else null. The
 * window from 14 h before to 38 h after UTC midnight covers the local day in every zone. Cached.
 */
function steadyOffset(date: string, dayStart: number, timeZone: string): number | null {
  const key = `${timeZone}|${date}`;
  let hit = steadyDays.get(key);
  if (hit === undefined) {
    const early = offsetMinutes(dayStart - 14 * 3_600_000, timeZone);
    const late = offsetMinutes(dayStart + 38 * 3_600_000, timeZone);
    hit = early === late ? early : null;
    if (steadyDays.size > 500_000) steadyDays.clear();
    steadyDays.set(key, hit);
  }
  return hit;
}

/**
 * The zone's offset from UTC in minutes through the whole local `date` (east positive), or null on a
 * day its clocks change: a day's local times then turn into instants by one subtraction each.
 */
export function offsetThroughDay(date: string, timeZone: string): number | null {
  return steadyOffset(date, dayStart(date), timeZone);
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
  const steady = steadyOffset(date, Date.UTC(y, m - 1, d), timeZone);
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
  return new Date(ms + offsetMinutes(ms, timeZone) * 60_000).toISOString().slice(0, 10);
}

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
