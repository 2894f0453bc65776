import { localDate } from '../../../shared/calendar.ts';
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
}

/** A way to fly one slice: its flights in order. */
export type Itinerary = readonly DatedFlight[];

const MAX_ITINERARIES = 500;

const km = (a: Airport, b: Airport) => distanceKm(a.latitude, a.longitude, b.latitude, b.longitude);

/**
 * Every direct, one-stop and two-stop way to fly a slice on a date, respecting minimum connection
 * times, the layover limit and a detour limit, never visiting an airport twice. A connection is only
 * tried through an airport that can still reach a destination in the stops left (through the
 * network's feeder sets), which keeps the search small at world scale.
 */
export function findItineraries(network: FlightNetwork, q: SliceQuery): Itinerary[] {
  const destinationCodes = new Set(q.destinations.map((d) => d.iata));
  const feeders = new Set<string>();
  for (const d of destinationCodes) for (const f of network.feeders.get(d) ?? []) feeders.add(f);
  const results: Itinerary[] = [];

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
      if (results.length >= MAX_ITINERARIES) return;
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
      const to = first.schedule.destination;
      if (!q.carrierAllowed(first.schedule.carrier) || !promising(to, 1)) continue;
      const distance = km(origin, to);
      if (!within(distance, to)) continue;
      extend([first], distance);
    }
  }
  return results;
}
