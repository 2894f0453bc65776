import { PartialOrder } from '../../../shared/partial-order.ts';
import { yieldNow } from '../../../shared/yield-now.ts';
import type { PriceTerms } from '../../pricing/index.ts';
import {
  anyRateNights,
  restrictionProblem,
  type StayRateNights,
  stayRateNights,
} from '../inventory/rate-nights.ts';
import { fits, type PlanStay, planStay, stayTotal } from '../inventory/stay-totals.ts';
import type { HotelIndex, PlanRules } from './hotel-index.ts';
import {
  distanceOf,
  type FoundHotels,
  HOTELS_PER_TURN,
  type Measure,
  noRows,
  type RankingFilters,
  type Stay,
} from './hotel-look.ts';
import { type NightStates, sellable } from './hotel-options.ts';
import type { RankedHotel } from './hotel-result-view.ts';
import type { PlanTerms } from './hotel-sale.ts';

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
  ranked?: RankedHotel;
}

/**
 * The options of each hotel looked at, as numbers: the total of each sellable room type on each rate
 * plan the filters keep (occupancy and stay rules respected), with its currency. Hotel `h`'s options are
 * `totals[starts[h]] … totals[starts[h + 1] - 1]`. `stored` says whether any night state is stored for
 * the stay: without, a room type sells when it has the rooms asked for.
 *
 * With `cheapestOnly` (no price filter to apply), each plan is totalled on one room type only: the
 * sellable one of least price factor that the guests fit. A night's price never falls as the factor
 * rises (every step of it is monotonic), so that total is the plan's least, and a hotel's worth, its
 * cheapest option, is the same as from every option, for a third of the work.
 */
export async function optionTotals(
  index: HotelIndex,
  hotels: FoundHotels,
  stay: Stay,
  nights: { state: NightStates; stored: boolean },
  terms: PlanTerms,
  filters: RankingFilters & { cheapestOnly: boolean },
): Promise<{ totals: number[]; currencies: string[]; starts: number[] }> {
  const totals: number[] = [];
  const currencies: string[] = [];
  const starts: number[] = [];
  const keeps = (p: PlanRules) =>
    (!filters.boards || filters.boards.includes(p.board)) &&
    (!filters.refundable_only || p.cancellation.refundable);
  // Each shared rules' readiness for the stay once per search (null: the filters or stay rules refuse it).
  const readied = new Map<PlanRules, PlanStay | null>();
  const ready = (rules: PlanRules) => {
    let r = readied.get(rules);
    if (r === undefined) {
      r = keeps(rules) ? planStay(rules, stay, stay.rooms) : null;
      readied.set(rules, r);
    }
    return r;
  };
  const room = { id: '', rooms: 0, max_adults: 0, max_children: 0, max_occupancy: 0, price_factor: 0 };
  const least = { ...room };
  const wanted = stay.rooms.length;
  const rows = noRows();
  // The hotel whose terms are asked, and its plans that the filters keep: one of each for the search.
  const hotel = { id: '', city_id: '' };
  const plans = {
    rows: [] as number[],
    rules: [] as PlanRules[],
    readied: [] as PlanStay[],
    base: [] as number[],
    terms: [] as PriceTerms[],
    count: 0,
  };
  const days = [...stay.nights.dates, stay.checkOut];
  const push = (p: number, on: typeof room, set?: StayRateNights) => {
    const total = stayTotal(plans.readied[p]!, plans.base[p]!, on, plans.terms[p]!, set);
    if (total === null) return;
    totals.push(total);
    currencies.push(plans.rules[p]!.currency);
  };
  for (let k = 0; k < hotels.length; k++) {
    if (k > 0 && k % HOTELS_PER_TURN === 0) await yieldNow();
    starts.push(totals.length);
    const at = hotels.at[k]!;
    index.rowsInto(at, rows);
    hotel.id = index.idAt(at);
    hotel.city_id = index.cityIdAt(at);
    plans.count = 0;
    for (let p = rows.firstPlan; p < rows.firstPlan + rows.planCount; p++) {
      const rules = index.planRulesAt(p);
      const r = ready(rules);
      if (!r) continue;
      const n = plans.count++;
      plans.rows[n] = p;
      plans.rules[n] = rules;
      plans.readied[n] = r;
      plans.base[n] = index.planBaseAt(p);
      plans.terms[n] = terms(hotel, rules, stay.checkIn);
    }
    if (plans.count === 0) continue;
    const guests = plans.readied[0]!.rooms;
    let found = false;
    for (let r = rows.firstRoom; r < rows.firstRoom + rows.roomCount; r++) {
      index.roomRulesInto(r, room);
      if (nights.stored) {
        room.id = index.roomIdAt(r);
        if (!sellable(room, stay.nights, wanted, nights.state)) continue;
        const state = (night: string) => nights.state(room.id, night);
        if (anyRateNights(state, days)) {
          // What a channel set prices and restricts this room type's plans by themselves: each totalled.
          for (let p = 0; p < plans.count; p++) {
            const set = stayRateNights(
              state,
              index.planIdAt(plans.rows[p]!),
              stay.nights.dates,
              stay.checkOut,
            );
            if (!set || !restrictionProblem(set, stay, stay.nights.dates)) push(p, room, set);
          }
          continue;
        }
      } else if (room.rooms < wanted) continue;
      if (!filters.cheapestOnly) for (let p = 0; p < plans.count; p++) push(p, room);
      else if (fits(guests, room) && (!found || room.price_factor < least.price_factor)) {
        Object.assign(least, room);
        found = true;
      }
    }
    if (found) for (let p = 0; p < plans.count; p++) push(p, least);
  }
  starts.push(totals.length);
  return { totals, currencies, starts };
}

/**
 * A search's hotels in rank order, put in order only as far as its pages ask (`PartialOrder`): a search
 * of a city of thousands of hotels selects the twenty it shows rather than sorting them all. An entry is
 * made the first time a page shows it, and kept (with what `ranked` holds) for the next.
 */
export interface Ranking {
  readonly length: number;
  /** The entries ranked `from` to `to` (exclusive), as `Array.prototype.slice` answers. */
  slice(from: number, to: number): RankedEntry[];
}

/**
 * The hotels with an option within the price filter, each worth its cheapest such option, ranked as
 * asked: price (then name), -price (then name), stars or -stars (then price), distance (then price);
 * hotels tied on all of it in the order found.
 */
export function rankByWorth(
  index: HotelIndex,
  hotels: FoundHotels,
  options: { totals: number[]; currencies: string[]; starts: number[] },
  price: {
    /** Whether an option's total is within the price filter; absent when there is none. */
    within?: (total: number, currency: string) => boolean;
    /** What a total is worth, comparable across currencies (rising with the total in any one). */
    worth: (total: number, currency: string) => number;
  },
  sort: string,
  /** Measures a hotel's distance: for every hotel when sorting by distance, else for those shown. */
  measure: Measure,
): Ranking {
  /** The hotels ranked (as `hotels` numbers them), and each one's worth. */
  const kept: number[] = [];
  const worths: number[] = [];
  // The cheapest total in each currency of a hotel: its worth is the least of theirs.
  const cheapest = new Map<string, number>();
  for (let h = 0; h < hotels.length; h++) {
    // A hotel's options are nearly always in one currency: the least total of it, without a map.
    let single: string | undefined;
    let singleLeast = Number.POSITIVE_INFINITY;
    cheapest.clear();
    for (let o = options.starts[h]!; o < options.starts[h + 1]!; o++) {
      const total = options.totals[o]!;
      const currency = options.currencies[o]!;
      if (price.within && !price.within(total, currency)) continue;
      single ??= currency;
      if (currency === single) {
        if (total < singleLeast) singleLeast = total;
        continue;
      }
      const least = cheapest.get(currency);
      if (least === undefined || total < least) cheapest.set(currency, total);
    }
    if (single === undefined) continue;
    let worth = price.worth(singleLeast, single);
    for (const [currency, total] of cheapest) worth = Math.min(worth, price.worth(total, currency));
    kept.push(h);
    worths.push(worth);
  }
  const count = kept.length;
  const worth = Float64Array.from(worths);
  const stars = Float64Array.from(kept, (h) => index.starsAt(hotels.at[h]!));
  const distance =
    sort === 'distance'
      ? Float64Array.from(kept, (h) => distanceOf(hotels, h, measure) ?? 0)
      : new Float64Array(0);
  // Names are read only for hotels tied on worth that a page's ordering compares.
  const names: Array<string | undefined> = new Array(count);
  const nameOf = (i: number) => {
    names[i] ??= index.nameAt(hotels.at[kept[i]!]!);
    return names[i];
  };
  const byWorthThenName =
    sort === '-price'
      ? (a: number, b: number) => worth[b]! - worth[a]! || byName(nameOf(a), nameOf(b)) || a - b
      : (a: number, b: number) => worth[a]! - worth[b]! || byName(nameOf(a), nameOf(b)) || a - b;
  const compare =
    sort === 'stars'
      ? (a: number, b: number) => stars[a]! - stars[b]! || worth[a]! - worth[b]! || a - b
      : sort === '-stars'
        ? (a: number, b: number) => stars[b]! - stars[a]! || worth[a]! - worth[b]! || a - b
        : sort === 'distance'
          ? (a: number, b: number) => distance[a]! - distance[b]! || worth[a]! - worth[b]! || a - b
          : byWorthThenName;
  const order = new PartialOrder(count, compare);
  const entries: Array<RankedEntry | undefined> = new Array(count);
  const entryOf = (i: number): RankedEntry => {
    let entry = entries[i];
    if (!entry) {
      const h = kept[i]!;
      const at = hotels.at[h]!;
      entry = {
        at,
        id: index.idAt(at),
        distance: distanceOf(hotels, h, measure),
        stars: stars[i]!,
        worth: worth[i]!,
      };
      entries[i] = entry;
    }
    return entry;
  };
  return {
    length: count,
    slice(from, to) {
      const end = Math.min(to, count);
      if (end <= from) return [];
      const ranked = order.first(end);
      const out: RankedEntry[] = [];
      for (let r = Math.max(0, from); r < end; r++) out.push(entryOf(ranked[r]!));
      return out;
    },
  };
}
