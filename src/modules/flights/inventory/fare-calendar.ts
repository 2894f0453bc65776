import { daysBetween, isCalendarDate, isoWeekday } from '../../../shared/calendar.ts';

/**
 * How a fare moves with the calendar, each a percentage of the filed amounts (100 = as filed), all
 * optional: by how many days before departure it is bought, the weekday and the season of departure.
 * The factors multiply, with the load factor's bucket on top.
 */
export interface FarePricing {
  /** The row of the largest `min_days` that the sale is at least that many days ahead of. */
  advance_purchase?: { min_days: number; percent: number }[];
  /** By ISO weekday of departure, `"1"` Monday … `"7"` Sunday; others 100. */
  weekdays?: Partial<Record<string, number>>;
  /** By month-day of departure, `from` and `to` inclusive (`12-18` to `01-06` spans the new year); the first that matches. */
  seasons?: { from: string; to: string; percent: number }[];
  /**
   * The fare's base as part of a return on the same airline, in percent of the one-way amounts filed
   * (10 to 100): a network carrier sells a return for less than two one-ways; without it, each way alone.
   */
  round_trip_percent?: number;
}

const inSeason = (monthDay: string, from: string, to: string) =>
  from <= to ? monthDay >= from && monthDay <= to : monthDay >= from || monthDay <= to;

/** A fare's pricing as stored (JSON), its advance-purchase rows from the most days ahead; null when it has none. */
export function farePricingOf(stored: string | null): FarePricing | null {
  if (stored === null) return null;
  const pricing = JSON.parse(stored) as FarePricing;
  pricing.advance_purchase?.sort((a, b) => b.min_days - a.min_days);
  return pricing;
}

/**
 * The calendar's factor on a fare departing on a date (local) and sold on another (UTC), for pricing
 * as `farePricingOf` gives it (advance-purchase rows from the most days ahead).
 */
export function calendarFactor(pricing: FarePricing | null, departureDate: string, saleDate: string): number {
  if (!pricing) return 1;
  // Thousands of fares share a few pricings, and a search asks of each for a handful of dates.
  let bySale = factors.get(pricing);
  if (!bySale) {
    bySale = new Map();
    factors.set(pricing, bySale);
  }
  let known = bySale.get(saleDate);
  if (!known) {
    if (bySale.size >= SALE_DAYS_KEPT) bySale.clear();
    known = new Map();
    bySale.set(saleDate, known);
  }
  let factor = known.get(departureDate);
  if (factor === undefined) {
    factor = factorOf(pricing, departureDate, saleDate);
    known.set(departureDate, factor);
  }
  return factor;
}

/** Factors worked out per pricing, by sale date, then departure date (at most a year of them). */
const factors = new WeakMap<FarePricing, Map<string, Map<string, number>>>();
const SALE_DAYS_KEPT = 4;

function factorOf(pricing: FarePricing, departureDate: string, saleDate: string): number {
  let percent = 100;
  const ahead = daysBetween(saleDate, departureDate);
  const advance = pricing.advance_purchase?.find((row) => ahead >= row.min_days);
  if (advance) percent *= advance.percent / 100;
  percent *= (pricing.weekdays?.[String(isoWeekday(departureDate))] ?? 100) / 100;
  const season = pricing.seasons?.find((s) => inSeason(departureDate.slice(5), s.from, s.to));
  if (season) percent *= season.percent / 100;
  return percent / 100;
}

const PERCENT = (n: unknown) => Number.isInteger(n) && (n as number) >= 10 && (n as number) <= 1_000;
const MONTH_DAY = (s: unknown) =>
  typeof s === 'string' && /^\d\d-\d\d$/.test(s) && isCalendarDate(`2024-${s}`);

/** What is wrong with a fare's pricing as imported, by path below it; empty when nothing is. */
export function farePricingProblems(pricing: unknown): { path: string; message: string }[] {
  if (typeof pricing !== 'object' || pricing === null || Array.isArray(pricing))
    return [{ path: '', message: 'must be {advance_purchase?, weekdays?, seasons?, round_trip_percent?}' }];
  const problems: { path: string; message: string }[] = [];
  const p = pricing as Record<string, unknown>;
  for (const key of Object.keys(p)) {
    if (!['advance_purchase', 'weekdays', 'seasons', 'round_trip_percent'].includes(key))
      problems.push({ path: `/${key}`, message: 'is not a pricing dimension' });
  }
  if (p.advance_purchase !== undefined) {
    const rows = p.advance_purchase;
    const ok =
      Array.isArray(rows) &&
      rows.length > 0 &&
      rows.every(
        (r) =>
          typeof r === 'object' &&
          r !== null &&
          Number.isInteger(r.min_days) &&
          r.min_days >= 0 &&
          r.min_days <= 365 &&
          PERCENT(r.percent),
      ) &&
      new Set(rows.map((r) => r.min_days)).size === rows.length;
    if (!ok)
      problems.push({
        path: '/advance_purchase',
        message: 'must be rows of {min_days: 0 to 365, each once; percent: 10 to 1000}',
      });
  }
  if (p.weekdays !== undefined) {
    const days = p.weekdays;
    const ok =
      typeof days === 'object' &&
      days !== null &&
      !Array.isArray(days) &&
      Object.entries(days).every(([d, v]) => /^[1-7]$/.test(d) && PERCENT(v));
    if (!ok)
      problems.push({ path: '/weekdays', message: 'must map ISO weekdays "1" to "7" to percent 10 to 1000' });
  }
  if (p.seasons !== undefined) {
    const seasons = p.seasons;
    const ok =
      Array.isArray(seasons) &&
      seasons.every(
        (s) =>
          typeof s === 'object' && s !== null && MONTH_DAY(s.from) && MONTH_DAY(s.to) && PERCENT(s.percent),
      );
    if (!ok)
      problems.push({
        path: '/seasons',
        message: 'must be rows of {from: MM-DD, to: MM-DD, percent: 10 to 1000}',
      });
  }
  const roundTrip = p.round_trip_percent;
  if (
    roundTrip !== undefined &&
    !(Number.isInteger(roundTrip) && (roundTrip as number) >= 10 && (roundTrip as number) <= 100)
  )
    problems.push({ path: '/round_trip_percent', message: 'must be a whole percent, 10 to 100' });
  return problems;
}
