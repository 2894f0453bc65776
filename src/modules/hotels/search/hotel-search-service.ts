import { invalidField } from '../../../http/app-error.ts';
import { paginate } from '../../../http/cursor.ts';
import type { Clock } from '../../../ports/clock.ts';
import { noSearchTimer, type SearchTimer } from '../../../ports/metrics.ts';
import { addDays, localToInstant } from '../../../shared/calendar.ts';
import { createSearchMemo } from '../../../shared/search-memo.ts';
import { yieldNow } from '../../../shared/yield-now.ts';
import { type Catalogue, fold } from '../../catalog/index.ts';
import { comparable, convert, hasRate, type RateTable } from '../../money/index.ts';
import type { Buyer, TermsFor } from '../../pricing/index.ts';
import type { HotelInventoryRepository, NightState } from '../inventory/hotel-inventory-repository.ts';
import { stayNights } from '../inventory/hotel-rates.ts';
import { checkInOpen, checkStayDates } from '../inventory/stays.ts';
import { candidates, filterCurrency } from './hotel-candidates.ts';
import type { HotelIndex, IndexedRoomType } from './hotel-index.ts';
import { lookAt, type RankingFilters, type Stay, statesAt } from './hotel-look.ts';
import {
  cheapestPerRoomType,
  type HotelOption,
  hotelOptions,
  type NightStates,
  type Room,
  roomsLeft,
} from './hotel-options.ts';
import { optionTotals, type RankedEntry, type Ranking, rankByWorth } from './hotel-ranking.ts';
import { createResultView } from './hotel-result-view.ts';
import { type PlanTerms, planTermsFor } from './hotel-sale.ts';
import type { RateKeys } from './rate-key.ts';
import type { SearchHotelsRequest } from './search-hotels.schemas.ts';

/** Hotels and room types the search memo may hold in all (a hotel with its options: a kilobyte or two). */
const MEMO_RESULTS = 150_000;

/** Night states by room type, then night: only what storage holds (most room types have none). */
type Nights = ReadonlyMap<string, ReadonlyMap<string, NightState>>;

/**
 * A search's ranked hotels and every room type it looked at (in `roomStates` order): what the memo keeps,
 * with what makes a shown hotel's options the ones it was ranked by (the terms and the price filter).
 */
interface Answer {
  results: Ranking;
  /** The index's rows of every room type looked at. */
  roomTypes: readonly number[];
  terms: PlanTerms;
  keeps: (o: HotelOption) => boolean;
  worth: (o: HotelOption) => number;
}

export function createHotelSearchService(deps: {
  index: { current(): Promise<HotelIndex> };
  inventory: HotelInventoryRepository;
  rateKeys: RateKeys;
  catalogue: Catalogue;
  clock: Clock;
  /**
   * The exchange rates in force, read once per search: to compare and filter prices across currencies,
   * and to show them in the one asked for.
   */
  rates: () => RateTable;
  /** Pricing rules: options are shown at their selling price for the buyer. */
  pricing: TermsFor;
  /** The version of the pricing rules `pricing` applies: a remembered answer holds only for the same. */
  pricingVersion: () => number;
  /** Times each search's phases for the gauges. */
  timer?: SearchTimer;
}) {
  const timer = deps.timer ?? noSearchTimer;
  const memo = createSearchMemo<Answer, Nights>({ maxResults: MEMO_RESULTS });
  const view = createResultView(deps);

  /**
   * Night states read from storage, by room type then night. A stay none of whose nights the change log
   * has seen a change on (`changes`, read before) has nothing stored, and reads nothing.
   */
  async function readNights(
    index: HotelIndex,
    roomTypes: readonly number[],
    checkIn: string,
    checkOut: string,
    changes: ReadonlyMap<string, number>,
  ) {
    const byRoomType = new Map<string, Map<string, NightState>>();
    if ([...changes.values()].every((n) => n === 0)) return byRoomType;
    const state = await deps.inventory.nights(
      roomTypes.map((r) => index.roomIdAt(r)),
      checkIn,
      checkOut,
    );
    for (const [key, night] of state) {
      const [id, date] = key.split('|') as [string, string];
      const nights = byRoomType.get(id) ?? new Map<string, NightState>();
      nights.set(date, night);
      byRoomType.set(id, nights);
    }
    return byRoomType;
  }

  /**
   * Whether two reads of the same room types' nights hold the same channel-set nights: prices and
   * restrictions a channel sets change an answer without changing whether a room type can be sold.
   */
  function sameRateNights(before: Nights, now: Nights): boolean {
    const setOf = (nights: Nights) => {
      const out: string[] = [];
      for (const [id, byNight] of nights)
        for (const [night, state] of byNight)
          if (state.plans) out.push(`${id}|${night}|${JSON.stringify([...state.plans])}`);
      return out.sort().join('\n');
    };
    return setOf(before) === setOf(now);
  }

  const statesOf =
    (nights: Nights): NightStates =>
    (id, night) =>
      nights.get(id)?.get(night);

  /**
   * The hotels of a search with their options, filtered and ranked: the expensive part, worked out once
   * per request and basis and remembered with every room type it looked at and their states. Also
   * returns until when it holds: the first moment check-in closes at one of its hotels.
   */
  async function workOut(
    req: SearchHotelsRequest,
    index: HotelIndex,
    context: {
      now: Date;
      rates: RateTable;
      terms: PlanTerms;
      stay: Stay;
      /** The change log's figures for the stay's nights, read before any night. */
      changes: ReadonlyMap<string, number>;
      lap: (phase: string) => void;
    },
  ) {
    const { now, rates, terms, stay, lap } = context;
    const f = req.filters ?? {};
    const filters: RankingFilters = { ...f, name: f.name ? fold(f.name) : '' };
    // Whether check-in is still open, once per zone rather than once per hotel.
    const openIn = new Map<string, boolean>();
    const open = (zone: string) => {
      let o = openIn.get(zone);
      if (o === undefined) {
        o = checkInOpen(req.check_in, zone, now);
        openIn.set(zone, o);
      }
      return o;
    };
    const { found, measure } = candidates(index, req, deps.catalogue);
    const { hotels, rooms } = await lookAt(index, found, filters, open);
    lap('candidates');
    const nights = await readNights(index, rooms, req.check_in, req.check_out, context.changes);
    lap('availability');
    const stored = { state: statesOf(nights), stored: nights.size > 0 };
    const filtered = f.min_total_amount !== undefined || f.max_total_amount !== undefined;
    const options = await optionTotals(index, hotels, stay, stored, terms, {
      ...filters,
      cheapestOnly: !filtered,
    });
    await yieldNow();
    const unit = filterCurrency(req, () => new Set(options.currencies));
    const within = (total: number, currency: string) => {
      const amount = unit ? convert(rates, total, currency, unit) : total;
      return (
        amount !== undefined &&
        (f.min_total_amount === undefined || amount >= f.min_total_amount) &&
        (f.max_total_amount === undefined || amount <= f.max_total_amount)
      );
    };
    const worth = (total: number, currency: string) => comparable(rates, total, currency);
    const results = rankByWorth(
      index,
      hotels,
      options,
      { within: filtered ? within : undefined, worth },
      req.sort ?? 'price',
      measure,
    );
    lap('pricing');
    await yieldNow();
    // Check-in closes at local midnight after the check-in date, first in the zone furthest east.
    const closes = [...openIn.keys()].map((zone) =>
      localToInstant(addDays(req.check_in, 1), '00:00', zone).getTime(),
    );
    const answer: Answer = {
      results,
      roomTypes: rooms,
      terms,
      keeps: (o) =>
        (!f.boards || f.boards.includes(o.ratePlan.board)) &&
        (!f.refundable_only || o.ratePlan.cancellation.refundable) &&
        within(o.total, o.currency),
      worth: (o) => comparable(rates, o.total, o.currency),
    };
    return { answer, nights, validUntil: Math.min(Number.POSITIVE_INFINITY, ...closes) };
  }

  /**
   * A ranked hotel as shown: made an object with its options (those it was ranked by, cheapest first,
   * ranked through the rates when in several currencies) the first time a page shows it, then kept.
   * Undefined for a hotel withdrawn or changed so that it sells nothing since it was ranked.
   */
  function shown(entry: RankedEntry, index: HotelIndex, answer: Answer, stay: Stay, state: NightStates) {
    if (entry.ranked) return entry.ranked;
    const hotel = index.at(entry.at) ?? index.hotel(entry.id);
    if (!hotel) return undefined;
    const options = hotelOptions(hotel, stay, state, answer.terms).filter(answer.keeps);
    if (options.length === 0) return undefined;
    if (options.some((o) => o.currency !== options[0]!.currency))
      options.sort((a, b) => answer.worth(a) - answer.worth(b));
    entry.ranked = { hotel, distance: entry.distance, options, worth: entry.worth };
    return entry.ranked;
  }

  return {
    /**
     * Hotels with bookable options for the stay, priced from live allotment: every search asks storage
     * whether any room night of the stay changed, and if so reads the nights of every room type it
     * looks at; the ranking of a same request is reused while none of them changed whether it can be
     * sold (`shared/search-memo.ts`). Rooms left are always as sold now.
     */
    async searchHotels(req: SearchHotelsRequest, buyer: Buyer & { role: string }) {
      const { lap } = timer('hotel');
      const terms = planTermsFor(deps.pricing, buyer);
      const now = deps.clock.now();
      checkStayDates(req.check_in, req.check_out, now);
      const rates = deps.rates();
      if (req.currency && !hasRate(rates, req.currency))
        throw invalidField('/currency', `has no exchange rate: ${JSON.stringify(req.currency)}`);
      const index = await deps.index.current();
      lap('index');
      const rooms: Room[] = req.rooms.map((r) => ({ adults: r.adults, children: r.children ?? [] }));
      const stay: Stay = {
        checkIn: req.check_in,
        checkOut: req.check_out,
        rooms,
        nights: stayNights(req.check_in, req.check_out),
      };
      // The stay's nights and its departure day (whose closed-to-departure a channel may set).
      const days = [...stay.nights.dates, req.check_out];
      const basis = { index, version: index.version, rates, pricingVersion: deps.pricingVersion() };
      const { cursor, limit, ...query } = req;
      const key = `${buyer.agencyId ?? ''}|${JSON.stringify(query)}`;
      let found: { answer: Answer; nights: Nights } | undefined;
      const kept = memo.find(key, basis, now.getTime());
      if (kept) {
        const changes = await deps.inventory.changesOn(days);
        if (memo.unchanged(kept, changes)) found = { answer: kept.value, nights: kept.checked.inventory };
        else {
          const nights = await readNights(index, kept.value.roomTypes, req.check_in, req.check_out, changes);
          const states = statesAt(index, kept.value.roomTypes, stay, statesOf(nights), nights.size > 0);
          if (
            sameRateNights(kept.checked.inventory, nights) &&
            memo.holds(kept, states, { changes, inventory: nights })
          )
            found = { answer: kept.value, nights };
        }
        lap('availability');
      }
      if (!found) {
        // Read before any night, so the figures can only be older than what they vouch for.
        const changes = await deps.inventory.changesOn(days);
        const worked = await workOut(req, index, { now, rates, terms, stay, changes, lap });
        const stored = worked.nights.size > 0;
        const states = statesAt(index, worked.answer.roomTypes, stay, statesOf(worked.nights), stored);
        const seen = { states, validUntil: worked.validUntil, days };
        const results = worked.answer.results.length + worked.answer.roomTypes.length;
        memo.remember(key, basis, seen, worked.answer, { changes, inventory: worked.nights }, results);
        found = worked;
      }
      const nightStates = statesOf(found.nights);
      const page = paginate(found.answer.results, query as Record<string, unknown>, cursor, limit ?? 20);
      const every = req.options === 'all';
      const context = {
        stay: { check_in: req.check_in, check_out: req.check_out, rooms },
        now,
        every,
        showTrade: buyer.role !== 'customer',
        shown: req.currency,
        rates,
        roomsLeft: (roomType: IndexedRoomType) =>
          roomsLeft(roomType, stay.nights.dates, (n) => nightStates(roomType.id, n)),
      };
      const answer = {
        ...page,
        ...(req.currency ? { exchange_rates_as_of: rates.asOf } : {}),
        data: page.data.flatMap((entry) => {
          const r = shown(entry, index, found.answer, stay, nightStates);
          return r ? [view(r, every ? r.options : cheapestPerRoomType(r.options), context)] : [];
        }),
      };
      lap('page');
      return answer;
    },
  };
}

export type HotelSearchService = ReturnType<typeof createHotelSearchService>;
