import { localDate } from '../../../shared/calendar.ts';
import { yieldNow } from '../../../shared/yield-now.ts';
import { type Airport, distanceKm } from '../../catalog/index.ts';
import type { DatedFlight, FlightNetwork } from '../inventory/flight-network.ts';
import { isValidConnection, maxRoutedKm, minimumConnectionMinutes } from './connection-rules.ts';

export interface SliceQuery {
  origins: readonly Airport[];
  destinations: readonly Airport[];
  /** Local departure date at the origin. */
  date: string;
  maxConnections: number;
  maxLayoverMinutes: number;
  /** Only flights whose carrier passes. */
  carrierAllowed: (carrier: string) => boolean;
  /** The bound on onward flights looked at; MAX_FLIGHTS_EXAMINED unless given. */
  maxExamined?: number;
}

/** A way to fly one slice: its flights in order. */
export type Itinerary = readonly DatedFlight[];

/** Itineraries kept for one slice; enough to fill the per-brand option lists several times over. */
const MAX_ITINERARIES = 500;
/**
 * Onward flights one slice search may look at: the bound on its work. A normal search looks at a few
 * thousand; only day-long layovers with two connections between multi-airport cities reach it.
 */
export const MAX_FLIGHTS_EXAMINED = 40_000;
/** Flights looked at between two yields to the event loop (a few milliseconds of work). */
const EXAMINED_PER_TURN = 500;

export interface SliceResult {
  itineraries: Itinerary[];
  /** False when the search stopped at a bound (itineraries kept, flights examined): more ways exist. */
  complete: boolean;
}

const km = (a: Airport, b: Airport) => distanceKm(a.latitude, a.longitude, b.latitude, b.longitude);

/**
 * Every direct, one-stop and two-stop way to fly a slice on a date, respecting minimum connection
 * times, the layover limit and a detour limit, never visiting an airport twice. A connection is only
 * tried through an airport that can still reach a destination in the stops left (through the
 * network's feeder sets), which keeps the search small at world scale. The work is bounded
 * (MAX_FLIGHTS_EXAMINED) and yields to the event loop every few milliseconds.
 */
export async function findItineraries(network: FlightNetwork, q: SliceQuery): Promise<SliceResult> {
  const destinationCodes = new Set(q.destinations.map((d) => d.iata));
  const feeders = new Set<string>();
  for (const d of destinationCodes) for (const f of network.feeders.get(d) ?? []) feeders.add(f);
  const results: Itinerary[] = [];
  let examined = 0;
  let yieldedAt = 0;
  const maxExamined = q.maxExamined ?? MAX_FLIGHTS_EXAMINED;
  const bounded = () => results.length >= MAX_ITINERARIES || examined >= maxExamined;

  const remainingKm = (from: Airport) => Math.min(...q.destinations.map((d) => km(from, d)));
  /** Whether an airport reached after `legs` flights can still end at a destination. */
  const promising = (airport: Airport, legs: number) => {
    if (destinationCodes.has(airport.iata)) return true;
    const stopsLeft = q.maxConnections - (legs - 1);
    if (stopsLeft <= 0) return false;
    return stopsLeft >= 2 || feeders.has(airport.iata);
  };

  for (const origin of q.origins) {
    const budget = Math.max(...q.destinations.map((d) => maxRoutedKm(km(origin, d))));
    const within = (flown: number, at: Airport) => flown + remainingKm(at) <= budget;

    const extend = (path: DatedFlight[], flown: number): void => {
      if (bounded()) return;
      const last = path[path.length - 1]!;
      const here = last.schedule.destination;
      if (destinationCodes.has(here.iata)) {
        results.push(path);
        return;
      }
      const from = last.arrivesAt + minimumConnectionMinutes(here) * 60_000;
      const until = last.arrivesAt + q.maxLayoverMinutes * 60_000;
      const onDate = (ms: number) => localDate(new Date(ms), here.time_zone);
      for (const next of network.departuresBetween(here.iata, from, until, onDate)) {
        if (++examined > maxExamined) return;
        const to = next.schedule.destination;
        if (!q.carrierAllowed(next.schedule.carrier)) continue;
        if (to.iata === origin.iata || path.some((f) => f.schedule.origin.iata === to.iata)) continue;
        if (!promising(to, path.length + 1)) continue;
        if (!isValidConnection(last.arrivesAt, next.departsAt, here, q.maxLayoverMinutes)) continue;
        const distance = flown + km(here, to);
        if (!within(distance, to)) continue;
        extend([...path, next], distance);
      }
    };

    for (const first of network.departures(origin.iata, q.date)) {
      if (bounded()) break;
      if (examined - yieldedAt >= EXAMINED_PER_TURN) {
        yieldedAt = examined;
        await yieldNow();
      }
      const to = first.schedule.destination;
      if (!q.carrierAllowed(first.schedule.carrier) || !promising(to, 1)) continue;
      const distance = km(origin, to);
      if (!within(distance, to)) continue;
      extend([first], distance);
    }
  }
  return { itineraries: results, complete: !bounded() };
}
