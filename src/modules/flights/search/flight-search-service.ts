import { invalidField } from '../../../http/app-error.ts';
import { paginate } from '../../../http/cursor.ts';
import type { Clock } from '../../../ports/clock.ts';
import { noSearchTimer, type SearchTimer } from '../../../ports/metrics.ts';
import { addDays } from '../../../shared/calendar.ts';
import { createSearchMemo } from '../../../shared/search-memo.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { convert, hasRate, type RateTable } from '../../money/index.ts';
import type { Buyer, TermsFor } from '../../pricing/index.ts';
import type { DatedFlight, FlightNetwork } from '../inventory/flight-network.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { SeatInventoryRepository, SeatKey } from '../inventory/seat-inventory-repository.ts';
import { type PassengerMix, type SaleContext, saleAt, seatsNeeded } from './fare-rules.ts';
import { flightStates } from './flight-states.ts';
import { createItineraryCache, type ItineraryCache } from './itinerary-cache.ts';
import { type Candidate, offerBody, type SliceOption } from './offer-builder.ts';
import { createOfferRanking, type Worth, worthIn } from './offer-ranking.ts';
import type { OfferTokens } from './offer-token.ts';
import { type CalendarEntry, calendarIn, priceCalendar } from './price-calendar.ts';
import { MIN_MINUTES_BEFORE_DEPARTURE } from './sale-rules.ts';
import type { SearchFlightRequest } from './search-flight.schemas.ts';
import { checkSearchRequest, type Places } from './search-request.ts';
import { Consulted, createSliceOptions } from './slice-options.ts';

export const OFFER_TTL_SECONDS = 20 * 60;
/** Offers and flights the search memo may hold in all (some hundred bytes each). */
const MEMO_RESULTS = 300_000;
/** Days after a slice's date that its connecting flights may leave on (two connections, long layovers). */
const ONWARD_DAYS = 3;

/** A search's ranked offers before paging, and its calendar: what the memo keeps. */
interface Answer {
  candidates: Candidate[];
  capped: boolean;
  calendarEntries: CalendarEntry[] | undefined;
  /** Every flight it priced, and their seat keys, to check them against seats sold. */
  flights: readonly DatedFlight[];
  keys: readonly SeatKey[];
}

/** Seats sold by seat key, for the flights of an answer. */
type Sold = ReadonlyMap<string, number>;

/** Every departure date a search's flights may have: its slices' dates, the calendar's, and onward days. */
function searchDates(req: SearchFlightRequest): string[] {
  const flex = req.flexible_days ?? 0;
  const first = addDays(req.slices[0]!.departure_date, -flex);
  const last = addDays(req.slices[req.slices.length - 1]!.departure_date, flex + ONWARD_DAYS);
  const dates: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) dates.push(d);
  return dates;
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
  const options = createSliceOptions({
    seats,
    clock: deps.clock,
    itineraries: deps.itineraries ?? createItineraryCache(),
  });
  const ranking = createOfferRanking(deps.pricing);
  const memo = createSearchMemo<Answer, Sold>({ maxResults: MEMO_RESULTS });

  /**
   * The offers of a search, ranked, and its calendar: the expensive part, worked out once per request and
   * basis and remembered (`shared/search-memo.ts`) with the flights it priced and their states.
   */
  async function workOut(
    req: SearchFlightRequest,
    buyer: Buyer,
    context: {
      network: FlightNetwork;
      places: Places;
      mix: PassengerMix;
      sale: SaleContext;
      worth: Worth;
      changes: ReadonlyMap<string, number>;
      lap: (phase: string) => void;
    },
  ): Promise<{ answer: Omit<Answer, 'flights' | 'keys'>; seen: Consulted }> {
    const { network, places, mix, sale, worth, changes, lap } = context;
    const seen = new Consulted();
    const dates = req.slices.map((s) => s.departure_date);
    const found = await options.optionsFor(network, req, {
      places,
      dates,
      mix,
      worth,
      sale,
      seen,
      changes,
      lap,
    });
    const { candidates, complete } = ranking.rank(found.perSlice, req, buyer, sale.rates, worth);
    lap('pricing');
    const calendarEntries =
      (req.flexible_days ?? 0) > 0
        ? await priceCalendar(
            network,
            req,
            { places, mix, worth, buyer, sale, seen, today: sale.saleDate, changes },
            { options, ranking },
          )
        : undefined;
    if (calendarEntries) lap('calendar');
    return { answer: { candidates, capped: !(found.complete && complete), calendarEntries }, seen };
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

  /**
   * The answer kept for a request if it still holds, with the seats sold it holds against: unchanged when
   * no seat changed on its dates, else checked flight by flight against the seats sold now.
   */
  async function fromMemory(
    key: string,
    basis: Record<string, unknown>,
    now: Date,
    cabin: Cabin,
    mix: PassengerMix,
  ): Promise<{ answer: Answer; sold: Sold } | undefined> {
    const kept = memo.find(key, basis, now.getTime());
    if (!kept) return undefined;
    const changes = await seats.changesOn(kept.seen.days);
    if (memo.unchanged(kept, changes)) return { answer: kept.value, sold: kept.checked.inventory };
    const { flights, keys } = kept.value;
    const sold = await seats.soldFor(keys);
    const states = flightStates(
      flights,
      (_, i) => sold.get(seats.keyOf(keys[i]!)) ?? 0,
      cabin,
      seatsNeeded(mix),
    );
    return memo.holds(kept, states, { changes, inventory: sold }) ? { answer: kept.value, sold } : undefined;
  }

  return {
    /**
     * Offers for a one-way, return or multi-city trip, priced from live availability: the seats sold of
     * every flight it could offer are read on each search; the ranking of a same request is reused while
     * none of them has changed price or sold out (`shared/search-memo.ts`).
     */
    async searchFlights(req: SearchFlightRequest, buyer: Buyer & { role: string }) {
      const { lap } = timer('flight');
      const now = deps.clock.now();
      const { mix, places } = checkSearchRequest(req, catalogue, now.toISOString().slice(0, 10));
      const rates = deps.rates();
      const worth = worthIn(rates);
      if (req.currency && !hasRate(rates, req.currency))
        throw invalidField('/currency', `has no exchange rate: ${JSON.stringify(req.currency)}`);
      const network = await deps.networkCache.current();
      lap('index');
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
      let found = await fromMemory(key, basis, now, cabin, mix);
      if (found) lap('availability');
      else {
        // Read before any seats sold, so the figures can only be older than what they vouch for.
        const changes = await seats.changesOn(searchDates(req));
        const worked = await workOut(req, buyer, { network, places, mix, sale, worth, changes, lap });
        const { flights, keys, seen } = remembered(worked.seen, cabin, mix);
        const covered = seen.days.every((d) => changes.has(d));
        const answer = { ...worked.answer, flights, keys };
        const checked = { changes: covered ? changes : null, inventory: worked.seen.sold };
        memo.remember(key, basis, seen, answer, checked, answer.candidates.length + flights.length);
        found = { answer, sold: worked.seen.sold };
      }
      const { answer, sold } = found;
      const seatsLeft = (offered: SliceOption[]) => {
        let left = Number.POSITIVE_INFINITY;
        for (const o of offered)
          for (const f of o.itinerary) {
            const seat = seats.keyOf({ scheduleId: f.schedule.id, date: f.date, cabin });
            left = Math.min(left, f.schedule.capacity[cabin] - (sold.get(seat) ?? 0));
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
          const amount = convert(rates, c.price.total_amount, c.price.currency, req.currency) ?? null;
          return { ...offer, total_in_currency: { amount, currency: req.currency } };
        }),
        ...(req.currency ? { exchange_rates_as_of: rates.asOf } : {}),
      };
      lap('page');
      if (!answer.calendarEntries) return page;
      const calendar = req.currency
        ? calendarIn(answer.calendarEntries, req.currency, (amount, from, to) =>
            convert(rates, amount, from, to),
          )
        : answer.calendarEntries;
      return { ...page, calendar };
    },
  };
}

export type FlightSearchService = ReturnType<typeof createFlightSearchService>;
