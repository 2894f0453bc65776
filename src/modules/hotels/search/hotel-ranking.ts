import { yieldNow } from '../../../shared/yield-now.ts';
import { roomsTotalOn, type StayNights } from '../inventory/hotel-rates.ts';
import type { HotelIndex, PlanRules, RankingRoom } from './hotel-index.ts';
import { type NightStates, type Room, sellable } from './hotel-options.ts';
import type { RankedHotel } from './hotel-result-view.ts';
import type { PlanTerms } from './hotel-sale.ts';

/** Hotels looked at, or priced, between two yields to the event loop (a few milliseconds of work). */
const HOTELS_PER_TURN = 500;

/** Names in the order `localeCompare` gives, with one collator rather than one per comparison. */
const byName = new Intl.Collator().compare;

/**
 * A hotel of a search's answer as ranked: its position in the index and the worth of its cheapest option,
 * no object of its content. The page's hotels are made objects with their options when first shown
 * (`ranked`), and kept with the answer.
 */
export interface RankedEntry {
  at: number;
  id: string;
  distance: number | null;
  stars: number;
  worth: number;
  name?: string;
  ranked?: RankedHotel;
}

/** The filters of a hotel search that ranking applies. */
export interface RankingFilters {
  stars?: readonly number[];
  amenities?: readonly string[];
  /** Folded; empty for none. */
  name: string;
  boards?: readonly string[];
  refundable_only?: boolean;
}

/** A stay as priced: its dates, rooms and nights. */
export type Stay = { checkIn: string; checkOut: string; rooms: Room[]; nights: StayNights };

type View = ReturnType<HotelIndex['rankingView']>;

/**
 * The hotels at `found` that pass the content filters (stars, amenities, name, check-in still open in
 * their zone), read from the index's columns with their room types' rules: what the night states are
 * read for. Yields every HOTELS_PER_TURN hotels.
 */
export async function lookAt(
  index: HotelIndex,
  found: ReadonlyArray<{ at: number; distance: number | null }>,
  filters: RankingFilters,
  open: (zone: string) => boolean,
): Promise<{ views: Array<{ view: View; at: number; distance: number | null }>; rooms: RankingRoom[] }> {
  const views: Array<{ view: View; at: number; distance: number | null }> = [];
  const rooms: RankingRoom[] = [];
  for (const [k, { at, distance }] of found.entries()) {
    if (k > 0 && k % HOTELS_PER_TURN === 0) await yieldNow();
    const view = index.rankingView(at);
    if (
      !open(view.time_zone) ||
      (filters.stars && !filters.stars.includes(view.stars)) ||
      (filters.amenities && !filters.amenities.every((a) => view.amenities.includes(a))) ||
      (filters.name && !view.nameFolded.includes(filters.name))
    )
      continue;
    views.push({ view, at, distance });
    for (const r of view.rooms) rooms.push(r);
  }
  return { views, rooms };
}

/**
 * Every option of each hotel looked at, as numbers: the total of each sellable room type on each rate
 * plan the filters keep (occupancy and stay rules respected), with its currency. Hotel `h`'s options are
 * `totals[starts[h]] … totals[starts[h + 1] - 1]`.
 */
export async function optionTotals(
  views: ReadonlyArray<{ view: View }>,
  stay: Stay,
  state: NightStates,
  terms: PlanTerms,
  filters: RankingFilters,
): Promise<{ totals: number[]; currencies: string[]; starts: number[] }> {
  const totals: number[] = [];
  const currencies: string[] = [];
  const starts: number[] = [];
  const keeps = (p: PlanRules) =>
    (!filters.boards || filters.boards.includes(p.board)) &&
    (!filters.refundable_only || p.cancellation.refundable);
  for (const [k, { view }] of views.entries()) {
    if (k > 0 && k % HOTELS_PER_TURN === 0) await yieldNow();
    starts.push(totals.length);
    const plans = view.plans.filter((p) => keeps(p.rules));
    const onTerms = plans.map((p) => terms(view, p.rules, stay.checkIn));
    for (const room of view.rooms) {
      if (!sellable(room, stay.nights, stay.rooms.length, state)) continue;
      for (const [i, p] of plans.entries()) {
        const total = roomsTotalOn(p.rules, p.base, room, stay, stay.rooms, onTerms[i]);
        if (total === null) continue;
        totals.push(total);
        currencies.push(p.rules.currency);
      }
    }
  }
  starts.push(totals.length);
  return { totals, currencies, starts };
}

/**
 * The hotels with an option within the price filter, each worth its cheapest such option, sorted as
 * asked: price (then name), -price (then name), stars or -stars (then price), distance (then price).
 */
export function rankByWorth(
  index: HotelIndex,
  views: ReadonlyArray<{ view: View; at: number; distance: number | null }>,
  options: { totals: number[]; currencies: string[]; starts: number[] },
  worthOf: (total: number, currency: string) => number | undefined,
  sort: string,
): RankedEntry[] {
  const entries: RankedEntry[] = [];
  for (const [h, { view, at, distance }] of views.entries()) {
    let worth = Number.POSITIVE_INFINITY;
    let any = false;
    for (let o = options.starts[h]!; o < options.starts[h + 1]!; o++) {
      const w = worthOf(options.totals[o]!, options.currencies[o]!);
      if (w === undefined) continue;
      any = true;
      if (w < worth) worth = w;
    }
    if (any) entries.push({ at, id: view.id, distance, stars: view.stars, worth });
  }
  const nameOf = (e: RankedEntry) => {
    e.name ??= index.nameAt(e.at);
    return e.name;
  };
  entries.sort((a, b) => {
    if (sort === 'stars') return a.stars - b.stars || a.worth - b.worth;
    if (sort === '-stars') return b.stars - a.stars || a.worth - b.worth;
    if (sort === 'distance') return (a.distance ?? 0) - (b.distance ?? 0) || a.worth - b.worth;
    if (sort === '-price') return b.worth - a.worth || byName(nameOf(a), nameOf(b));
    return a.worth - b.worth || byName(nameOf(a), nameOf(b));
  });
  return entries;
}
