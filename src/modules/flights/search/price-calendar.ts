import { addDays } from '../../../shared/calendar.ts';
import type { Buyer } from '../../pricing/index.ts';
import type { FlightNetwork } from '../inventory/flight-network.ts';
import type { PassengerMix, SaleContext } from './fare-rules.ts';
import type { SliceOption } from './offer-builder.ts';
import type { OfferRanking, Worth } from './offer-ranking.ts';
import type { SearchFlightRequest } from './search-flight.schemas.ts';
import type { Places } from './search-request.ts';
import type { Consulted, SliceOptions } from './slice-options.ts';

/** The cheapest total for one set of departure dates around the search's. */
export interface CalendarEntry {
  departure_dates: string[];
  lowest_total_amount: number | null;
  currency: string | null;
  /** With the search's `currency`: the lowest total converted to it (amount null: no rate). */
  lowest_total_in_currency?: { amount: number | null; currency: string };
}

/**
 * The calendar with each day's lowest total also in the currency asked for, converted at the rates the
 * offers are (days whose fares are filed in different currencies are then comparable at a glance).
 */
export function calendarIn(
  entries: readonly CalendarEntry[],
  currency: string,
  convert: (amount: number, from: string, to: string) => number | undefined,
): CalendarEntry[] {
  return entries.map((e) => ({
    ...e,
    lowest_total_in_currency: {
      amount:
        e.lowest_total_amount === null || e.currency === null
          ? null
          : (convert(e.lowest_total_amount, e.currency, currency) ?? null),
      currency,
    },
  }));
}

/**
 * The cheapest selling total for every set of dates `flexible_days` around the search's: every pair of
 * shifts for a return, one shift for all slices otherwise; each slice's options on a date priced once.
 */
export async function priceCalendar(
  network: FlightNetwork,
  req: SearchFlightRequest,
  context: {
    places: Places;
    mix: PassengerMix;
    worth: Worth;
    buyer: Buyer;
    sale: SaleContext;
    seen: Consulted;
    today: string;
    /** The change log's figures for the search's dates (`slice-options.ts`). */
    changes?: ReadonlyMap<string, number>;
  },
  parts: { options: SliceOptions; ranking: OfferRanking },
): Promise<CalendarEntry[]> {
  const { places, mix, worth, buyer, sale, seen, today, changes } = context;
  const days = req.flexible_days ?? 0;
  const shifts = Array.from({ length: days * 2 + 1 }, (_, i) => i - days);
  // One shift for every slice when there are more than two; otherwise every pair of shifts.
  const vectors =
    req.slices.length === 2
      ? shifts.flatMap((a) => shifts.map((b) => [a, b]))
      : shifts.map((s) => req.slices.map(() => s));
  const lowest = new Map<string, Map<string, SliceOption>>();
  const cheapest = async (slice: number, date: string) => {
    const key = `${slice}|${date}`;
    const hit = lowest.get(key);
    if (hit) return hit;
    const single = { ...req, slices: [req.slices[slice]!] };
    const {
      perSlice: [options = []],
    } = await parts.options.optionsFor(network, single, {
      places: [places[slice]!],
      dates: [date],
      mix,
      worth,
      sale,
      seen,
      changes,
    });
    // The cheapest net option of each brand (options come cheapest first).
    const byBrand = new Map<string, SliceOption>();
    for (const o of options) if (!byBrand.has(o.brand)) byBrand.set(o.brand, o);
    lowest.set(key, byBrand);
    return byBrand;
  };
  const entries: CalendarEntry[] = [];
  for (const vector of vectors) {
    const dates = req.slices.map((s, i) => addDays(s.departure_date, vector[i]!));
    if (dates.some((d, i) => d < today || (i > 0 && d < dates[i - 1]!))) continue;
    const perSlice = await Promise.all(dates.map((d, i) => cheapest(i, d)));
    let best: { amount: number; currency: string } | null = null;
    for (const brand of (perSlice[0] ?? new Map()).keys()) {
      const all = perSlice.map((m) => m.get(brand));
      if (all.some((o) => !o)) continue;
      const price = parts.ranking.sell(all as SliceOption[], buyer, sale.rates)?.price;
      if (!price) continue;
      const amount = { amount: price.total_amount, currency: price.currency };
      if (!best || worth(price) < worth({ total_amount: best.amount, currency: best.currency }))
        best = amount;
    }
    entries.push({
      departure_dates: dates,
      lowest_total_amount: best?.amount ?? null,
      currency: best?.currency ?? null,
    });
  }
  return entries;
}
