import { addDays, localDate } from '../../../shared/calendar.ts';
import { yieldNow } from '../../../shared/yield-now.ts';
import { type Airport, distanceKm } from '../../catalog/index.ts';
import { type Board, firstFrom } from '../inventory/departure-boards.ts';
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

/** A flight on a path being extended: its schedule number and board position's instants. */
interface Leg {
  schedule: number;
  date: string;
  departsAt: number;
  arrivesAt: number;
}

/**
 * Every direct, one-stop and two-stop way to fly a slice on a date, respecting minimum connection
 * times, the layover limit and a detour limit, never visiting an airport twice. A connection is only
 * tried through an airport that can still reach a destination in the stops left (through the
 * network's feeder sets), which keeps the search small at world scale. Flights are looked at on the
 * network's departure boards, as numbers; an object is made only for a flight of an itinerary found.
 * The work is bounded (MAX_FLIGHTS_EXAMINED) and yields to the event loop every few milliseconds.
 */
export async function findItineraries(network: FlightNetwork, q: SliceQuery): Promise<SliceResult> {
  const boards = network.boards;
  const { airports, airportNumber } = boards;
  const numberOf = (a: Airport) => airportNumber.get(a.iata) ?? -1;
  /** Per airport number: 1 for a destination, 2 for an airport with a direct flight to one. */
  const role = new Uint8Array(airports.length);
  const mark = (code: string, as: number) => {
    const a = airportNumber.get(code);
    if (a !== undefined) role[a] = as;
  };
  for (const d of q.destinations) for (const f of network.feeders.get(d.iata) ?? []) mark(f, 2);
  for (const d of q.destinations) mark(d.iata, 1);
  /** Per carrier number: 0 not yet asked, 1 allowed, 2 not. */
  const carrierAnswer = new Uint8Array(boards.carriers.length);
  const carrierAllowed = (c: number) => {
    if (carrierAnswer[c] === 0) carrierAnswer[c] = q.carrierAllowed(boards.carriers[c]!) ? 1 : 2;
    return carrierAnswer[c] === 1;
  };
  const remaining = new Float64Array(airports.length).fill(-1);
  const remainingKm = (a: number) => {
    if (remaining[a]! < 0) remaining[a] = Math.min(...q.destinations.map((d) => km(airports[a]!, d)));
    return remaining[a]!;
  };
  const destinationNumbers = q.destinations.map(numberOf).filter((a) => a >= 0);
  /** The last flights to a destination, per airport and date: all a connection's last leg can be. */
  const lastLegs = new Map<string, Board>();
  const boardFor = (at: number, date: string, final: boolean) => {
    if (!final) return boards.board(at, date);
    const key = `${at}|${date}`;
    let board = lastLegs.get(key);
    if (!board) {
      board = boards.routeBoard(at, destinationNumbers, date);
      lastLegs.set(key, board);
    }
    return board;
  };
  const results: Itinerary[] = [];
  let examined = 0;
  let yieldedAt = 0;
  const maxExamined = q.maxExamined ?? MAX_FLIGHTS_EXAMINED;
  const bounded = () => results.length >= MAX_ITINERARIES || examined >= maxExamined;

  /** Whether an airport reached after `legs` flights can still end at a destination. */
  const promising = (airport: number, legs: number) => {
    if (role[airport] === 1) return true;
    const stopsLeft = q.maxConnections - (legs - 1);
    if (stopsLeft <= 0) return false;
    return stopsLeft >= 2 || role[airport] === 2;
  };
  /**
   * One object per dated flight, whichever itineraries share it (a first leg is shared by every
   * connection from it): half the objects, and the seats and fares of each looked up once. Keyed by
   * schedule; a schedule met on another date as well gets an object of its own for that one.
   */
  const flightObjects = new Map<number, DatedFlight>();
  const flightOf = (l: Leg): DatedFlight => {
    const known = flightObjects.get(l.schedule);
    if (known?.departsAt === l.departsAt && known.date === l.date) return known;
    const made = {
      schedule: network.scheduleList[l.schedule]!,
      date: l.date,
      departsAt: l.departsAt,
      arrivesAt: l.arrivesAt,
    };
    if (!known) flightObjects.set(l.schedule, made);
    return made;
  };
  const found = (path: Leg[]): Itinerary => path.map(flightOf);

  for (const origin of q.origins) {
    const start = numberOf(origin);
    if (start < 0) continue;
    const budget = Math.max(...q.destinations.map((d) => maxRoutedKm(km(origin, d))));
    const within = (flown: number, at: number) => flown + remainingKm(at) <= budget;
    const visited = (path: Leg[], to: number) => {
      if (to === start) return true;
      for (const l of path) if (boards.origin[l.schedule] === to) return true;
      return false;
    };

    const extend = (path: Leg[], flown: number): void => {
      if (bounded()) return;
      const last = path[path.length - 1]!;
      const at = boards.destination[last.schedule]!;
      if (role[at] === 1) {
        results.push(found(path));
        return;
      }
      const here = airports[at]!;
      const from = last.arrivesAt + minimumConnectionMinutes(here) * 60_000;
      const until = last.arrivesAt + q.maxLayoverMinutes * 60_000;
      const lastDate = localDate(new Date(until), here.time_zone);
      for (let date = localDate(new Date(from), here.time_zone); date <= lastDate; date = addDays(date, 1)) {
        const board = boardFor(at, date, path.length >= q.maxConnections);
        for (let k = firstFrom(board, from); k < board.departs.length && board.departs[k]! <= until; k++) {
          if (++examined > maxExamined) return;
          const next = board.schedule[k]!;
          const to = boards.destination[next]!;
          if (!promising(to, path.length + 1) || visited(path, to) || !carrierAllowed(boards.carrier[next]!))
            continue;
          const departsAt = board.departs[k]!;
          if (!isValidConnection(last.arrivesAt, departsAt, here, q.maxLayoverMinutes)) continue;
          const distance = flown + km(here, airports[to]!);
          if (!within(distance, to)) continue;
          extend([...path, { schedule: next, date, departsAt, arrivesAt: board.arrives[k]! }], distance);
        }
      }
    };

    const first = boards.board(start, q.date);
    for (let k = 0; k < first.departs.length; k++) {
      if (bounded()) break;
      if (examined - yieldedAt >= EXAMINED_PER_TURN) {
        yieldedAt = examined;
        await yieldNow();
      }
      const s = first.schedule[k]!;
      const to = boards.destination[s]!;
      if (!carrierAllowed(boards.carrier[s]!) || !promising(to, 1)) continue;
      const distance = km(origin, airports[to]!);
      if (!within(distance, to)) continue;
      const leg = { schedule: s, date: q.date, departsAt: first.departs[k]!, arrivesAt: first.arrives[k]! };
      extend([leg], distance);
    }
  }
  return { itineraries: results, complete: !bounded() };
}
