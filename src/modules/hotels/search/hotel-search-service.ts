import { invalidField } from '../../../http/app-error.ts';
import { paginate } from '../../../http/cursor.ts';
import type { Clock } from '../../../ports/clock.ts';
import { noSearchTimer, type SearchTimer } from '../../../ports/metrics.ts';
import { addDays, localToInstant } from '../../../shared/calendar.ts';
import { createSearchMemo } from '../../../shared/search-memo.ts';
import { yieldNow } from '../../../shared/yield-now.ts';
import { type Catalogue, distanceKm, fold } from '../../catalog/index.ts';
import { comparable, convert, hasRate, type RateTable } from '../../money/index.ts';
import type { Buyer, TermsFor } from '../../pricing/index.ts';
import type { HotelInventoryRepository, NightState } from '../inventory/hotel-inventory-repository.ts';
import { type StayNights, stayNights } from '../inventory/hotel-rates.ts';
import { checkInOpen, checkStayDates } from '../inventory/stays.ts';
import type { HotelIndex, IndexedHotel, IndexedRoomType } from './hotel-index.ts';
import {
  cheapestPerRoomType,
  type HotelOption,
  hotelOptions,
  type NightStates,
  type Room,
  roomStates,
  roomsLeft,
} from './hotel-options.ts';
import { createResultView, type RankedHotel } from './hotel-result-view.ts';
import { type PlanTerms, planTermsFor } from './hotel-sale.ts';
import type { RateKeys } from './rate-key.ts';
import type { SearchHotelsRequest } from './search-hotels.schemas.ts';

/** Hotels and room types the search memo may hold in all (a hotel with its options: a kilobyte or two). */
const MEMO_RESULTS = 150_000;

/** Hotels made objects, or priced, between two yields to the event loop (a few milliseconds of work). */
const HOTELS_PER_TURN = 200;

/** Names in the order `localeCompare` gives, with one collator rather than one per comparison. */
const byName = new Intl.Collator().compare;

/** Night states by room type, then night: only what storage holds (most room types have none). */
type Nights = ReadonlyMap<string, ReadonlyMap<string, NightState>>;

/** A search's ranked hotels and every room type it looked at (in `roomStates` order): what the memo keeps. */
interface Answer {
  results: RankedHotel[];
  roomTypes: readonly IndexedRoomType[];
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
   * The currency the price filters are in: the one asked for, or the one every hotel found is priced
   * in. Hotels priced in several currencies need it said.
   */
  function filterCurrency(
    req: SearchHotelsRequest,
    currenciesFound: () => ReadonlySet<string>,
  ): string | undefined {
    const f = req.filters ?? {};
    if (f.min_total_amount === undefined && f.max_total_amount === undefined) return undefined;
    if (req.currency) return req.currency;
    const currencies = currenciesFound();
    if (currencies.size <= 1) return [...currencies][0];
    throw invalidField(
      '/currency',
      `is needed to filter by price: the hotels found are priced in ${[...currencies].sort().join(', ')}`,
    );
  }

  /**
   * The hotels a search looks at, with their distance from the point asked about (null for hotel ids).
   * Hotels are made objects a turn at a time (HOTELS_PER_TURN between yields), so that a big city's
   * search never holds the event loop for long; a radius search measures on the columns first.
   */
  async function candidates(
    index: HotelIndex,
    req: SearchHotelsRequest,
  ): Promise<Array<{ hotel: IndexedHotel; distance: number | null }>> {
    const d = req.destination;
    if ('hotel_ids' in d) {
      return d.hotel_ids.flatMap((id) => {
        const hotel = index.hotel(id);
        return hotel ? [{ hotel, distance: null }] : [];
      });
    }
    let centre: { latitude: number; longitude: number };
    let positions: readonly number[];
    if ('city_id' in d) {
      const city = deps.catalogue.cityById.get(d.city_id);
      if (!city) throw invalidField('/destination/city_id', 'is not a city of /b2c/cities');
      centre = city;
      positions = index.cityPositions(d.city_id);
    } else {
      const radius = d.radius_km ?? 5;
      centre = d;
      positions = index.nearPositions(d.latitude, d.longitude, radius).filter((at) => {
        const p = index.positionOf(at);
        return distanceKm(d.latitude, d.longitude, p.latitude, p.longitude) <= radius;
      });
    }
    const out: Array<{ hotel: IndexedHotel; distance: number }> = [];
    for (const [k, at] of positions.entries()) {
      if (k > 0 && k % HOTELS_PER_TURN === 0) await yieldNow();
      const hotel = index.at(at);
      if (hotel)
        out.push({
          hotel,
          distance: distanceKm(centre.latitude, centre.longitude, hotel.latitude, hotel.longitude),
        });
    }
    return out;
  }

  /** Night states read from storage, by room type then night. */
  async function readNights(roomTypes: readonly IndexedRoomType[], checkIn: string, checkOut: string) {
    const state = await deps.inventory.nights(
      roomTypes.map((r) => r.id),
      checkIn,
      checkOut,
    );
    const byRoomType = new Map<string, Map<string, NightState>>();
    for (const [key, night] of state) {
      const [id, date] = key.split('|') as [string, string];
      const nights = byRoomType.get(id) ?? new Map<string, NightState>();
      nights.set(date, night);
      byRoomType.set(id, nights);
    }
    return byRoomType;
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
    context: { now: Date; rates: RateTable; terms: PlanTerms; stay: Stay; lap: (phase: string) => void },
  ) {
    const { now, rates, terms, stay, lap } = context;
    const worth = (o: HotelOption) => comparable(rates, o.total, o.currency);
    const f = req.filters ?? {};
    const name = f.name ? fold(f.name) : '';
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
    const found = (await candidates(index, req)).filter(
      ({ hotel }) =>
        open(hotel.time_zone) &&
        (!f.stars || f.stars.includes(hotel.stars)) &&
        (!f.amenities || f.amenities.every((a) => hotel.amenities.includes(a))) &&
        (!name || hotel.nameFolded.includes(name)),
    );
    lap('candidates');
    const roomTypes = found.flatMap(({ hotel }) => hotel.roomTypes);
    const nights = await readNights(roomTypes, req.check_in, req.check_out);
    lap('availability');
    const priced: Array<{ hotel: IndexedHotel; distance: number | null; options: HotelOption[] }> = [];
    for (const [k, { hotel, distance }] of found.entries()) {
      if (k > 0 && k % HOTELS_PER_TURN === 0) await yieldNow();
      const options = hotelOptions(hotel, stay, statesOf(nights), terms).filter(
        (o) =>
          (!f.boards || f.boards.includes(o.ratePlan.board)) &&
          (!f.refundable_only || o.ratePlan.cancellation.refundable),
      );
      priced.push({ hotel, distance, options });
    }
    const unit = filterCurrency(req, () => new Set(priced.flatMap((r) => r.options.map((o) => o.currency))));
    const inUnit = (o: HotelOption) => (unit ? convert(rates, o.total, o.currency, unit) : o.total);
    const withinPrice = (o: HotelOption) => {
      const amount = inUnit(o);
      if (amount === undefined) return false;
      return (
        (f.min_total_amount === undefined || amount >= f.min_total_amount) &&
        (f.max_total_amount === undefined || amount <= f.max_total_amount)
      );
    };
    const results: RankedHotel[] = priced.flatMap((r) => {
      const options = r.options.filter(withinPrice);
      if (options.length === 0) return [];
      // Options come cheapest first; only a hotel priced in several currencies needs them ranked by the rates.
      if (options.some((o) => o.currency !== options[0]!.currency))
        options.sort((a, b) => worth(a) - worth(b));
      return [{ ...r, options, worth: worth(options[0]!) }];
    });
    const sort = req.sort ?? 'price';
    // Prices compare across currencies through the rates; within one currency that is the amount's order.
    results.sort((a, b) => {
      if (sort === 'stars') return a.hotel.stars - b.hotel.stars || a.worth - b.worth;
      if (sort === '-stars') return b.hotel.stars - a.hotel.stars || a.worth - b.worth;
      if (sort === 'distance') return (a.distance ?? 0) - (b.distance ?? 0) || a.worth - b.worth;
      if (sort === '-price') return b.worth - a.worth || byName(a.hotel.name, b.hotel.name);
      return a.worth - b.worth || byName(a.hotel.name, b.hotel.name);
    });
    lap('pricing');
    // Check-in closes at local midnight after the check-in date, first in the zone furthest east.
    const closes = [...openIn.keys()].map((zone) =>
      localToInstant(addDays(req.check_in, 1), '00:00', zone).getTime(),
    );
    return {
      answer: { results, roomTypes },
      nights,
      validUntil: Math.min(Number.POSITIVE_INFINITY, ...closes),
    };
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
      const basis = { index, version: index.version, rates, pricingVersion: deps.pricingVersion() };
      const { cursor, limit, ...query } = req;
      const key = `${buyer.agencyId ?? ''}|${JSON.stringify(query)}`;
      let found: { answer: Answer; nights: Nights } | undefined;
      const kept = memo.find(key, basis, now.getTime());
      if (kept) {
        const changes = await deps.inventory.changesOn(stay.nights.dates);
        if (memo.unchanged(kept, changes)) found = { answer: kept.value, nights: kept.checked.inventory };
        else {
          const nights = await readNights(kept.value.roomTypes, req.check_in, req.check_out);
          const states = roomStates(kept.value.roomTypes, stay.nights, rooms.length, statesOf(nights));
          if (memo.holds(kept, states, { changes, inventory: nights }))
            found = { answer: kept.value, nights };
        }
        lap('availability');
      }
      if (!found) {
        // Read before any night, so the figures can only be older than what they vouch for.
        const changes = await deps.inventory.changesOn(stay.nights.dates);
        const worked = await workOut(req, index, { now, rates, terms, stay, lap });
        const states = roomStates(
          worked.answer.roomTypes,
          stay.nights,
          rooms.length,
          statesOf(worked.nights),
        );
        const seen = { states, validUntil: worked.validUntil, days: stay.nights.dates };
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
        data: page.data.map((r) => view(r, every ? r.options : cheapestPerRoomType(r.options), context)),
      };
      lap('page');
      return answer;
    },
  };
}

/** A stay as priced: its dates, rooms and nights. */
type Stay = { checkIn: string; checkOut: string; rooms: Room[]; nights: StayNights };

export type HotelSearchService = ReturnType<typeof createHotelSearchService>;
