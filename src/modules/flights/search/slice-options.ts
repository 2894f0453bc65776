import type { Clock } from '../../../ports/clock.ts';
import { toLocalIso } from '../../../shared/calendar.ts';
import { yieldNow } from '../../../shared/yield-now.ts';
import type { DatedFlight, FlightNetwork } from '../inventory/flight-network.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import { DEFAULT_MAX_LAYOVER_MINUTES } from './connection-rules.ts';
import type { PassengerMix, SaleContext } from './fare-rules.ts';
import type { ItineraryCache } from './itinerary-cache.ts';
import { findItineraries, type Itinerary } from './itinerary-search.ts';
import { optionOf, type SliceOption, sliceDrafts } from './offer-builder.ts';
import { PER_SLICE_OPTIONS, type Worth } from './offer-ranking.ts';
import { MIN_MINUTES_BEFORE_DEPARTURE } from './sale-rules.ts';
import type { SearchFlightRequest } from './search-flight.schemas.ts';
import type { Places } from './search-request.ts';
import { withinWindow } from './time-windows.ts';

type Slice = SearchFlightRequest['slices'][number];

/** The flights a search priced (by seat key) with the seats they had sold, and its first departure. */
export class Consulted {
  readonly flights = new Map<string, DatedFlight>();
  readonly sold = new Map<string, number>();
  firstDeparture = Number.POSITIVE_INFINITY;
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

/** Each slice's priced options: itineraries found (once per network, `itinerary-cache.ts`), then sold. */
export function createSliceOptions(deps: {
  seats: SeatInventoryRepository;
  clock: Clock;
  itineraries: ItineraryCache;
}) {
  const { seats } = deps;
  return {
    /**
     * Priced options per slice for one set of dates, cheapest first (at most PER_SLICE_OPTIONS × 4 a
     * slice), with the seats sold of every flight read from storage and recorded in `seen`;
     * `complete` is false when a bound cut what was found.
     */
    async optionsFor(
      network: FlightNetwork,
      req: SearchFlightRequest,
      context: {
        places: Places;
        dates: string[];
        mix: PassengerMix;
        worth: Worth;
        sale: SaleContext;
        seen: Consulted;
        /**
         * The change log's figures for the search's dates, read before: a date with none has no seat
         * sold on it, and is not read.
         */
        changes?: ReadonlyMap<string, number>;
        lap?: (phase: string) => void;
      },
    ): Promise<{ perSlice: SliceOption[][]; complete: boolean }> {
      const { places, dates, mix, worth, sale, seen } = context;
      const lap = context.lap ?? (() => {});
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
        const found = await deps.itineraries.get(network, key, () => findItineraries(network, query));
        complete &&= found.complete;
        const kept = found.itineraries.filter((it) => bookableFrom(it, now) && matchesWindows(it, slice));
        for (const it of kept) seen.firstDeparture = Math.min(seen.firstDeparture, it[0]!.departsAt);
        itineraries.push(kept);
        await yieldNow();
      }
      lap('itineraries');
      // Itineraries share their flights' objects (`findItineraries`): each flight is keyed and read once.
      const flights = [...new Set(itineraries.flat(2) as DatedFlight[])];
      const keys = flights.map((f) => ({ scheduleId: f.schedule.id, date: f.date, cabin }));
      const unchanged = (date: string) => context.changes?.get(date) === 0;
      const schedules = new Set(flights.map((f) => f.schedule));
      const [sold] = await Promise.all([
        seats.soldFor(keys.filter((k) => !unchanged(k.date))),
        network.loadFares(schedules),
      ]);
      // Fares changed while seats were still being read are read again, right before they are used.
      await network.loadFares(schedules);
      lap('availability');
      // Seats sold by flight, looked up by the flight itself while pricing: no key made per fare.
      const soldByFlight = new Map<DatedFlight, number>();
      for (const [i, f] of flights.entries()) {
        const key = seats.keyOf(keys[i]!);
        const n = sold.get(key) ?? 0;
        seen.flights.set(key, f);
        seen.sold.set(key, n);
        soldByFlight.set(f, n);
      }
      const soldOf = (f: DatedFlight) => soldByFlight.get(f)!;
      const perSlice = itineraries.map((list) => {
        // Ranked as numbers, each draft's worth once; only the options kept are made.
        const drafts = list
          .flatMap((it) => sliceDrafts(network, it, cabin, mix, soldOf, sale))
          .map((d) => ({ d, w: worth({ total_amount: d.total, currency: d.sums.currency }) }))
          .sort((a, b) => a.w - b.w);
        if (drafts.length > PER_SLICE_OPTIONS * 4) complete = false;
        return drafts.slice(0, PER_SLICE_OPTIONS * 4).map(({ d }) => optionOf(d, mix));
      });
      return { perSlice, complete };
    },
  };
}

export type SliceOptions = ReturnType<typeof createSliceOptions>;
