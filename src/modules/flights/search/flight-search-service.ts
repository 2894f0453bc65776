import { invalidField } from '../../../http/app-error.ts';
import { paginate } from '../../../http/cursor.ts';
import type { Clock } from '../../../ports/clock.ts';
import { noSearchTimer, type SearchTimer } from '../../../ports/metrics.ts';
import { addDays, daysBetween, toLocalIso } from '../../../shared/calendar.ts';
import { createSearchMemo } from '../../../shared/search-memo.ts';
import { yieldNow } from '../../../shared/yield-now.ts';
import type { Airport, Catalogue } from '../../catalog/index.ts';
import { comparable, convert, hasRate, type RateTable } from '../../money/index.ts';
import type { Buyer, TermsFor } from '../../pricing/index.ts';
import type { DatedFlight, FlightNetwork } from '../inventory/flight-network.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { SeatInventoryRepository, SeatKey } from '../inventory/seat-inventory-repository.ts';
import { DEFAULT_MAX_LAYOVER_MINUTES } from './connection-rules.ts';
import {
  atPercent,
  inOneCurrency,
  type PassengerMix,
  roundTripPercent,
  type SaleContext,
  saleAt,
  seatsNeeded,
} from './fare-rules.ts';
import { flightStates } from './flight-states.ts';
import { createItineraryCache, type ItineraryCache } from './itinerary-cache.ts';
import { findItineraries, type Itinerary } from './itinerary-search.ts';
import { type Candidate, combinePrices, offerBody, type SliceOption, sliceOptions } from './offer-builder.ts';
import type { OfferTokens } from './offer-token.ts';
import { MIN_MINUTES_BEFORE_DEPARTURE } from './sale-rules.ts';
import type { SearchFlightRequest } from './search-flight.schemas.ts';
import { flightSale, sellingPrice } from './selling-price.ts';
import { withinWindow } from './time-windows.ts';

export const OFFER_TTL_SECONDS = 20 * 60;
export const BOOKING_HORIZON_DAYS = 361;
const PER_SLICE_OPTIONS = 64;
/** Offers and flights the search memo may hold in all (some hundred bytes each). */
const MEMO_RESULTS = 300_000;

type Slice = SearchFlightRequest['slices'][number];

/** What a price is worth whatever its currency, through one rate table (for sorting and ranking). */
type Worth = (price: { total_amount: number; currency: string }) => number;
function worthIn(rates: RateTable): Worth {
  // One factor per currency, worked out once a search: a search ranks thousands of prices.
  const factors = new Map<string, number>();
  return (price) => {
    let factor = factors.get(price.currency);
    if (factor === undefined) {
      factor = comparable(rates, 1, price.currency);
      factors.set(price.currency, factor);
    }
    // A currency without a rate sorts last, whatever the amount (0 × ∞ would be NaN).
    return factor === Number.POSITIVE_INFINITY ? factor : price.total_amount * factor;
  };
}

export function createFlightSearchService(deps: {
  networkCache: NetworkCache;
  seats: SeatInventoryRepository;
  offers: OfferTokens;
  catalogue: Catalogue;
  clock: Clock;
  /** The exchange rates in force, read once per search: to compare, filter and show totals across currencies. */
  rates: () => RateTable;
  /** The pricing rules' terms for a sale: offers are shown at their selling price for the buyer. */
  pricing: TermsFor;
  /** The version of the pricing rules `pricing` applies: a remembered answer holds only for the same. */
  pricingVersion: () => number;
  /** Times each search's phases for the gauges. */
  timer?: SearchTimer;
  /** Slice searches kept per network version; one of its own unless given. */
  itineraries?: ItineraryCache;
}) {
  const { catalogue, seats } = deps;
  const timer = deps.timer ?? noSearchTimer;
  const cached = deps.itineraries ?? createItineraryCache();
  const memo = createSearchMemo<Answer, ReadonlyMap<string, number>>({ maxResults: MEMO_RESULTS });

  function resolvePlace(code: string, pointer: string): Airport[] {
    const airport = catalogue.airportByCode.get(code.toUpperCase());
    if (airport && /^[A-Za-z]{3}$/.test(code)) return [airport];
    const city = catalogue.cityById.get(code) ?? catalogue.cityByMetroCode.get(code.toUpperCase());
    if (city && city.airports.length > 0)
      return city.airports.map((c) => catalogue.airportByCode.get(c)!).filter(Boolean);
    throw invalidField(
      pointer,
      `is not an airport IATA code, a metropolitan area code or a city id with airports: ${JSON.stringify(code)}`,
    );
  }

  function checkRequest(req: SearchFlightRequest): {
    mix: PassengerMix;
    places: Array<{ origins: Airport[]; destinations: Airport[] }>;
  } {
    const mix: PassengerMix = {
      adults: req.passengers.adults,
      children: req.passengers.children ?? [],
      infants: req.passengers.infants ?? 0,
    };
    if (mix.infants > mix.adults)
      throw invalidField('/passengers/infants', 'may not exceed the number of adults');
    if (mix.adults + mix.children.length > 9)
      throw invalidField('/passengers', 'at most 9 seated passengers');
    const today = deps.clock.now().toISOString().slice(0, 10);
    const places = req.slices.map((s, i) => {
      const origins = resolvePlace(s.origin, `/slices/${i}/origin`);
      const destinations = resolvePlace(s.destination, `/slices/${i}/destination`);
      if (origins.some((o) => destinations.some((d) => d.iata === o.iata)))
        throw invalidField(`/slices/${i}/destination`, 'must differ from the origin');
      if (daysBetween(addDays(today, -1), s.departure_date) < 0)
        throw invalidField(`/slices/${i}/departure_date`, 'is in the past');
      if (daysBetween(today, s.departure_date) > BOOKING_HORIZON_DAYS)
        throw invalidField(`/slices/${i}/departure_date`, `is more than ${BOOKING_HORIZON_DAYS} days ahead`);
      const previous = req.slices[i - 1];
      if (previous && s.departure_date < previous.departure_date)
        throw invalidField(`/slices/${i}/departure_date`, 'is before the previous slice');
      return { origins, destinations };
    });
    return { mix, places };
  }

  /**
   * Priced options per slice for one set of dates, cheapest first (at most PER_SLICE_OPTIONS × 4 a
   * slice); `complete` is false when a bound cut what was found.
   */
  async function optionsFor(
    network: FlightNetwork,
    req: SearchFlightRequest,
    places: Array<{ origins: Airport[]; destinations: Airport[] }>,
    dates: string[],
    mix: PassengerMix,
    worth: Worth,
    sale: SaleContext,
    seen: Consulted,
    lap: (phase: string) => void = () => {},
  ): Promise<{ perSlice: SliceOption[][]; complete: boolean }> {
    const include = req.airlines?.include;
    const exclude = new Set(req.airlines?.exclude ?? []);
    const carrierAllowed = (c: string) => (!include || include.includes(c)) && !exclude.has(c);
    const cabin = (req.cabin ?? 'economy') as Cabin;
    const now = deps.clock.now();
    const itineraries: Itinerary[][] = [];
    let complete = true;
    for (const [i, slice] of req.slices.entries()) {
      const query = {
        origins: places[i]!.origins,
        destinations: places[i]!.destinations,
        date: dates[i]!,
        maxConnections: req.max_connections ?? 1,
        maxLayoverMinutes: req.max_layover_minutes ?? DEFAULT_MAX_LAYOVER_MINUTES,
        carrierAllowed,
      };
      const key = [
        query.origins.map((a) => a.iata).join(','),
        query.destinations.map((a) => a.iata).join(','),
        query.date,
        query.maxConnections,
        query.maxLayoverMinutes,
        include?.join(',') ?? '*',
        [...exclude].join(','),
      ].join('|');
      const found = await cached.get(network, key, () => findItineraries(network, query));
      complete &&= found.complete;
      const kept = found.itineraries.filter((it) => bookableFrom(it, now) && matchesWindows(it, slice));
      for (const it of kept) seen.firstDeparture = Math.min(seen.firstDeparture, it[0]!.departsAt);
      itineraries.push(kept);
      await yieldNow();
    }
    lap('itineraries');
    const flights = itineraries.flat(2) as DatedFlight[];
    const keys = flights.map((f) => ({ scheduleId: f.schedule.id, date: f.date, cabin }));
    const [sold] = await Promise.all([
      seats.soldFor(keys),
      network.loadFares(new Set(flights.map((f) => f.schedule))),
    ]);
    lap('availability');
    for (const [i, f] of flights.entries()) {
      const key = seats.keyOf(keys[i]!);
      seen.flights.set(key, f);
      seen.sold.set(key, sold.get(key) ?? 0);
    }
    const soldOf = (id: string, date: string, c: Cabin) =>
      sold.get(seats.keyOf({ scheduleId: id, date, cabin: c })) ?? 0;
    const perSlice = itineraries.map((list) => {
      // Each option's worth once, not once per comparison.
      const options = list
        .flatMap((it) => sliceOptions(network, it, cabin, mix, soldOf, sale))
        .map((o) => ({ o, w: worth(o.price) }))
        .sort((a, b) => a.w - b.w)
        .map(({ o }) => o);
      if (options.length > PER_SLICE_OPTIONS * 4) complete = false;
      return options.slice(0, PER_SLICE_OPTIONS * 4);
    });
    return { perSlice, complete };
  }

  /** Nothing is offered that departs too soon to book (or has left): booking would refuse it. */
  function bookableFrom(it: Itinerary, now: Date): boolean {
    return it[0]!.departsAt - now.getTime() >= MIN_MINUTES_BEFORE_DEPARTURE * 60_000;
  }

  function matchesWindows(it: Itinerary, slice: Slice): boolean {
    if (!slice.departure_time && !slice.arrival_time) return true;
    const first = it[0]!;
    const last = it[it.length - 1]!;
    return (
      withinWindow(
        toLocalIso(new Date(first.departsAt), first.schedule.origin.time_zone),
        slice.departure_time,
      ) &&
      withinWindow(
        toLocalIso(new Date(last.arrivesAt), last.schedule.destination.time_zone),
        slice.arrival_time,
      )
    );
  }

  /**
   * Offers: one option per slice, all in the same brand; few per slice when there are many slices.
   * `complete` is false when options were left out of the combinations.
   */
  function combine(perSlice: SliceOption[][]): { combos: SliceOption[][]; complete: boolean } {
    const keep = Math.max(1, Math.floor(PER_SLICE_OPTIONS ** (1 / perSlice.length)));
    const brands = new Set(perSlice[0]?.map((o) => o.brand));
    const combos: SliceOption[][] = [];
    let complete = true;
    const cap = perSlice.length === 1 ? PER_SLICE_OPTIONS * 4 : keep;
    for (const brand of brands) {
      const all = perSlice.map((opts) => opts.filter((o) => o.brand === brand));
      if (all.some((l) => l.length === 0)) continue;
      if (all.some((l) => l.length > cap)) complete = false;
      let acc: SliceOption[][] = [[]];
      for (const list of all) acc = acc.flatMap((partial) => list.slice(0, cap).map((o) => [...partial, o]));
      combos.push(...acc);
    }
    return { combos, complete };
  }

  /** The selling price of slice options together for the buyer; undefined when they cannot be priced together. */
  function sell(options: SliceOption[], buyer: Buyer, rates: RateTable) {
    const converted = inOneCurrency(
      options.map((o) => o.price),
      rates,
    );
    const prices = converted && atPercent(converted, roundTripPercent(options));
    const net = prices && combinePrices(prices);
    if (!net) return undefined;
    const sale = flightSale(options.map((o) => o.itinerary));
    return sellingPrice(net, deps.pricing(sale, buyer, net.currency));
  }

  /** The cheap part of an offer: its price and sort keys, enough to filter, sort and page. */
  function candidate(
    options: SliceOption[],
    worth: Worth,
    buyer: Buyer,
    rates: RateTable,
  ): Candidate | undefined {
    const selling = sell(options, buyer, rates);
    if (!selling) return undefined;
    const { price, pricing } = selling;
    const duration = options.reduce(
      (n, o) => n + (o.itinerary[o.itinerary.length - 1]!.arrivesAt - o.itinerary[0]!.departsAt),
      0,
    );
    return {
      options,
      price,
      pricing,
      duration,
      departure: options[0]!.itinerary[0]!.departsAt,
      worth: worth(price),
    };
  }

  /**
   * The currency `max_total_amount` is in: the one asked for, or the one every offer found is priced in.
   * Offers priced in several currencies need it said.
   */
  function filterCurrency(req: SearchFlightRequest, priced: Candidate[]): string | undefined {
    if (req.max_total_amount === undefined) return undefined;
    if (req.currency) return req.currency;
    const currencies = new Set(priced.map((c) => c.price.currency));
    if (currencies.size <= 1) return [...currencies][0];
    throw invalidField(
      '/currency',
      `is needed to filter by price: the offers found are priced in ${[...currencies].sort().join(', ')}`,
    );
  }

  /**
   * The whole offer, signed; built only for the page being returned. It expires OFFER_TTL_SECONDS after
   * the search, rounded down to the minute, so one id serves every search of it within that minute.
   */
  function toOffer(
    c: Candidate,
    req: SearchFlightRequest,
    mix: PassengerMix,
    now: Date,
    showTrade: boolean,
    seatsLeft: number,
  ) {
    const cabin = (req.cabin ?? 'economy') as Cabin;
    const expires = Math.floor((now.getTime() / 1000 + OFFER_TTL_SECONDS) / 60) * 60;
    c.body ??= offerBody(c, cabin, catalogue);
    if (c.issued?.expires !== expires)
      c.issued = {
        expires,
        id: deps.offers.issue({
          cabin,
          brand: c.options[0]!.brand,
          passengers: mix,
          slices: c.options.map((o) => o.itinerary.map((f) => [f.schedule.id, f.date] as [string, string])),
          total: c.price.total_amount,
          currency: c.price.currency,
          expires,
        }),
      };
    return {
      id: c.issued.id,
      expires_at: new Date(expires * 1000).toISOString(),
      ...c.body,
      seats_left: seatsLeft,
      ...(showTrade ? { pricing: c.pricing } : {}),
    };
  }

  async function calendar(
    network: FlightNetwork,
    req: SearchFlightRequest,
    places: Array<{ origins: Airport[]; destinations: Airport[] }>,
    mix: PassengerMix,
    worth: Worth,
    buyer: Buyer,
    sale: SaleContext,
    seen: Consulted,
  ): Promise<CalendarEntry[]> {
    const days = req.flexible_days ?? 0;
    const today = deps.clock.now().toISOString().slice(0, 10);
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
      } = await optionsFor(network, single, [places[slice]!], [date], mix, worth, sale, seen);
      // The cheapest net option of each brand (options come cheapest first).
      const byBrand = new Map<string, SliceOption>();
      for (const o of options) if (!byBrand.has(o.brand)) byBrand.set(o.brand, o);
      lowest.set(key, byBrand);
      return byBrand;
    };
    const entries = [];
    for (const vector of vectors) {
      const dates = req.slices.map((s, i) => addDays(s.departure_date, vector[i]!));
      if (dates.some((d, i) => d < today || (i > 0 && d < dates[i - 1]!))) continue;
      const perSlice = await Promise.all(dates.map((d, i) => cheapest(i, d)));
      let best: { amount: number; currency: string } | null = null;
      for (const brand of (perSlice[0] ?? new Map()).keys()) {
        const all = perSlice.map((m) => m.get(brand));
        if (all.some((o) => !o)) continue;
        const price = sell(all as SliceOption[], buyer, sale.rates)?.price;
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

  /**
   * The offers of a search, ranked, and its calendar: the expensive part, worked out once per request and
   * basis and remembered (`shared/search-memo.ts`) with the flights it priced and their states.
   */
  async function workOut(
    req: SearchFlightRequest,
    buyer: Buyer,
    context: {
      network: FlightNetwork;
      places: Array<{ origins: Airport[]; destinations: Airport[] }>;
      mix: PassengerMix;
      sale: SaleContext;
      worth: Worth;
      lap: (phase: string) => void;
    },
  ): Promise<{ answer: Omit<Answer, 'flights' | 'keys'>; seen: Consulted }> {
    const { network, places, mix, sale, worth, lap } = context;
    const rates = sale.rates;
    const seen = new Consulted();
    const options = await optionsFor(
      network,
      req,
      places,
      req.slices.map((s) => s.departure_date),
      mix,
      worth,
      sale,
      seen,
      lap,
    );
    const { combos, complete } = combine(options.perSlice);
    const priced = combos
      .map((c) => candidate(c, worth, buyer, rates))
      .filter((c): c is Candidate => c !== undefined);
    const unit = filterCurrency(req, priced);
    const candidates = priced.filter(
      (c) =>
        req.max_total_amount === undefined ||
        (convert(rates, c.price.total_amount, c.price.currency, unit!) ?? Number.POSITIVE_INFINITY) <=
          req.max_total_amount,
    );
    const sort = req.sort ?? 'price';
    // Totals compare through the rates, so offers in several currencies still sort by what they cost.
    candidates.sort((a, b) =>
      sort === 'duration'
        ? a.duration - b.duration || a.worth - b.worth
        : sort === 'departure'
          ? a.departure - b.departure || a.worth - b.worth
          : a.worth - b.worth || a.duration - b.duration,
    );
    lap('pricing');
    const calendarEntries =
      (req.flexible_days ?? 0) > 0
        ? await calendar(network, req, places, mix, worth, buyer, sale, seen)
        : undefined;
    if (calendarEntries) lap('calendar');
    return { answer: { candidates, capped: !(options.complete && complete), calendarEntries }, seen };
  }

  /** What the memo keeps of the flights a search priced: their states now and how long its itineraries sell. */
  function remembered(seen: Consulted, cabin: Cabin, mix: PassengerMix) {
    const entries = [...seen.flights.entries()];
    const flights = entries.map(([, f]) => f);
    const sold = entries.map(([key]) => seen.sold.get(key) ?? 0);
    return {
      flights,
      keys: flights.map((f) => ({ scheduleId: f.schedule.id, date: f.date, cabin })),
      seen: {
        states: flightStates(flights, (_, i) => sold[i]!, cabin, seatsNeeded(mix)),
        validUntil: seen.firstDeparture - MIN_MINUTES_BEFORE_DEPARTURE * 60_000,
        days: [...new Set(flights.map((f) => f.date))],
      },
    };
  }

  return {
    /**
     * Offers for a one-way, return or multi-city trip, priced from live availability: the seats sold of
     * every flight it could offer are read on each search; the ranking of a same request is reused while
     * none of them has changed price or sold out (`shared/search-memo.ts`).
     */
    async searchFlights(req: SearchFlightRequest, buyer: Buyer & { role: string }) {
      const { lap } = timer('flight');
      const { mix, places } = checkRequest(req);
      const rates = deps.rates();
      const worth = worthIn(rates);
      if (req.currency && !hasRate(rates, req.currency))
        throw invalidField('/currency', `has no exchange rate: ${JSON.stringify(req.currency)}`);
      const network = await deps.networkCache.current();
      lap('index');
      const now = deps.clock.now();
      // One rate table for the whole search: slices converted, offers compared and calendar alike.
      const sale = saleAt(now, rates);
      const cabin = (req.cabin ?? 'economy') as Cabin;
      const basis = {
        network,
        version: network.version,
        rates,
        pricingVersion: deps.pricingVersion(),
        saleDate: sale.saleDate,
      };
      const { cursor, limit, ...query } = req;
      const key = `${buyer.agencyId ?? ''}|${JSON.stringify(query)}`;
      let answer: Answer | undefined;
      let sold: ReadonlyMap<string, number> | undefined;
      const kept = memo.find(key, basis, now.getTime());
      if (kept) {
        const changes = await seats.changesOn(kept.seen.days);
        if (memo.unchanged(kept, changes)) {
          answer = kept.value;
          sold = kept.checked.inventory;
        } else {
          const { flights, keys } = kept.value;
          const soldNow = await seats.soldFor(keys);
          const states = flightStates(
            flights,
            (_, i) => soldNow.get(seats.keyOf(keys[i]!)) ?? 0,
            cabin,
            seatsNeeded(mix),
          );
          if (memo.holds(kept, states, { changes, inventory: soldNow })) {
            answer = kept.value;
            sold = soldNow;
          }
        }
        lap('availability');
      }
      if (!answer) {
        // Read before any seats sold, so the figures can only be older than what they vouch for.
        const window = searchDates(req);
        const changes = await seats.changesOn(window);
        const worked = await workOut(req, buyer, { network, places, mix, sale, worth, lap });
        const { flights, keys, seen } = remembered(worked.seen, cabin, mix);
        const covered = seen.days.every((d) => changes.has(d));
        answer = { ...worked.answer, flights, keys };
        sold = worked.seen.sold;
        const results = answer.candidates.length + flights.length;
        memo.remember(
          key,
          basis,
          seen,
          answer,
          { changes: covered ? changes : null, inventory: sold },
          results,
        );
      }
      const seatsLeft = (options: SliceOption[]) => {
        let left = Number.POSITIVE_INFINITY;
        for (const o of options)
          for (const f of o.itinerary) {
            const key = seats.keyOf({ scheduleId: f.schedule.id, date: f.date, cabin });
            left = Math.min(left, f.schedule.capacity[cabin] - (sold!.get(key) ?? 0));
          }
        return left;
      };
      const window = paginate(answer.candidates, query as Record<string, unknown>, cursor, limit ?? 20);
      const page = {
        ...window,
        total_count_capped: answer.capped,
        data: window.data.map((c) => {
          const offer = toOffer(c, req, mix, now, buyer.role !== 'customer', seatsLeft(c.options));
          if (!req.currency) return offer;
          const amount = convert(rates, c.price.total_amount, c.price.currency, req.currency)!;
          return { ...offer, total_in_currency: { amount, currency: req.currency } };
        }),
        ...(req.currency ? { exchange_rates_as_of: rates.asOf } : {}),
      };
      lap('page');
      return answer.calendarEntries ? { ...page, calendar: answer.calendarEntries } : page;
    },
    /** How often searches were answered from memory. */
    memoStats: () => memo.stats(),
  };
}

/** Days after a slice's date that its connecting flights may leave on (two connections, long layovers). */
const ONWARD_DAYS = 3;

/** Every departure date a search's flights may have: its slices' dates, the calendar's, and onward days. */
function searchDates(req: SearchFlightRequest): string[] {
  const flex = req.flexible_days ?? 0;
  const first = addDays(req.slices[0]!.departure_date, -flex);
  const last = addDays(req.slices[req.slices.length - 1]!.departure_date, flex + ONWARD_DAYS);
  const dates: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** The flights a search priced (by seat key) with the seats they had sold, and its first departure. */
class Consulted {
  readonly flights = new Map<string, DatedFlight>();
  readonly sold = new Map<string, number>();
  firstDeparture = Number.POSITIVE_INFINITY;
}

/** The cheapest total for one set of departure dates around the search's. */
interface CalendarEntry {
  departure_dates: string[];
  lowest_total_amount: number | null;
  currency: string | null;
}

/** A search's ranked offers before paging, and its calendar: what the memo keeps. */
interface Answer {
  candidates: Candidate[];
  capped: boolean;
  calendarEntries: CalendarEntry[] | undefined;
  /** Every flight it priced, and their seat keys, to check them against seats sold. */
  flights: readonly DatedFlight[];
  keys: readonly SeatKey[];
}

export type FlightSearchService = ReturnType<typeof createFlightSearchService>;
