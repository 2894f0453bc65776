import { isoWeekday, localToInstant } from '../../../shared/calendar.ts';
import { yieldNow } from '../../../shared/yield-now.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { DepartureBoards, type Moved } from './departure-boards.ts';
import type { BoardSchedule } from './departure-columns.ts';
import type { Fare, FareTable } from './fare-table.ts';
import type { CancellationRow, RetimeRow } from './flight-changes-repository.ts';
import type { Cabin } from './network-file.ts';
import type { FareRoute, ScheduleRow } from './network-repository.ts';
import type { AircraftLayout, CabinLayout } from './seat-layout.ts';

/** A schedule: where and when it flies (what a departure board reads), its flight number and aircraft. */
export interface Schedule extends BoardSchedule {
  flightNumber: number;
  aircraft: string;
  capacity: Record<Cabin, number>;
}

/** One flight on one date: a schedule with its instants. */
export interface DatedFlight {
  schedule: Schedule;
  /** Local departure date at the origin. */
  date: string;
  departsAt: number;
  arrivesAt: number;
}

export type { Fare } from './fare-table.ts';

/** Routes whose fares a warm-up reads in one query, between turns (a few milliseconds at most). */
const ROUTES_PER_WARM_UP = 100;

/** The schedules of these ids that the network has (for loading their fares). */
export function schedulesOf(network: FlightNetwork, ids: Iterable<string>): Schedule[] {
  const out: Schedule[] = [];
  for (const id of ids) {
    const schedule = network.schedules.get(id);
    if (schedule) out.push(schedule);
  }
  return out;
}

/**
 * One string or capacity for every schedule that has it: a network's hundred thousand schedules share a
 * few thousand carriers, dates, times and cabins' capacities, and each kept once is an object fewer for
 * the garbage collector to walk at every full collection.
 */
const shared = new Map<string, string>();
const same = (s: string) => {
  const kept = shared.get(s);
  if (kept !== undefined) return kept;
  if (shared.size >= SHARED_KEPT) shared.clear();
  shared.set(s, s);
  return s;
};
const capacities = new Map<string, Schedule['capacity']>();
const SHARED_KEPT = 200_000;

function capacityOf(row: ScheduleRow): Schedule['capacity'] {
  const key = `${row.capacity_economy}|${row.capacity_premium_economy}|${row.capacity_business}|${row.capacity_first}`;
  let capacity = capacities.get(key);
  if (!capacity) {
    capacity = Object.freeze({
      economy: row.capacity_economy,
      premium_economy: row.capacity_premium_economy,
      business: row.capacity_business,
      first: row.capacity_first,
    });
    if (capacities.size >= SHARED_KEPT) capacities.clear();
    capacities.set(key, capacity);
  }
  return capacity;
}

/** A stored schedule as the network holds it; undefined when an airport is no longer in the catalogue. */
export function scheduleOf(row: ScheduleRow, catalogue: Catalogue): Schedule | undefined {
  const origin = catalogue.airportByCode.get(row.origin);
  const destination = catalogue.airportByCode.get(row.destination);
  if (!origin || !destination) return undefined;
  return {
    id: row.id,
    carrier: same(row.carrier),
    flightNumber: row.flight_number,
    origin,
    destination,
    departureTime: same(row.departure_time),
    durationMinutes: row.duration_minutes,
    days: same(row.days_of_week),
    validFrom: same(row.valid_from),
    validTo: same(row.valid_to),
    aircraft: same(row.aircraft),
    capacity: capacityOf(row),
  };
}

/**
 * The whole schedule in memory, indexed for search: schedules by id and in columns by origin (the
 * departure boards of `departure-boards.ts`), direct feeders by airport, fares by carrier/route/cabin.
 * Immutable once built, but for fares read on demand; a change of schedules builds a new one.
 */
/** What a network is built from: its schedules (made from their rows by `scheduleOf`) and the rest. */
export interface NetworkRows {
  schedules: readonly Schedule[];
  fares: FareTable;
  cancellations: CancellationRow[];
  seatLayouts?: AircraftLayout[];
  retimes?: RetimeRow[];
}

/** Schedules indexed between two turns of the event loop while a network is built. */
const PER_TURN = 10_000;

export class FlightNetwork {
  /** The change counter of the data it holds (it moves in place when only fares change). */
  version: number;
  readonly schedules = new Map<string, Schedule>();
  /** The schedules in their numbered order: the numbers the departure boards speak of. */
  readonly scheduleList: readonly Schedule[];
  /** Each schedule's number in `scheduleList`, by id. */
  private readonly numbers: Map<string, number>;
  /** The schedules in columns, with the dates operators cancelled or retimed: what `operates` reads too. */
  readonly boards: DepartureBoards;
  /** Airports with a direct flight to the key airport. */
  readonly feeders = new Map<string, Set<string>>();
  private readonly fares: FareTable;
  private readonly layouts = new Map<string, CabinLayout>();
  /** Each flight's fares by cabin as `faresFor` last gave them; forgotten whenever fares change. */
  private faresBySchedule = new Map<Cabin, Map<Schedule, Fare[]>>();
  /** The flights whose routes' fares are read, since fares last changed. */
  private faresReadFor = new WeakSet<Schedule>();

  /**
   * A network built a few thousand schedules at a time, yielding to the event loop between: a server
   * rebuilding a world's network after an import keeps answering meanwhile.
   */
  static async build(version: number, rows: NetworkRows): Promise<FlightNetwork> {
    const numbers = new Map<string, number>();
    for (let i = 0; i < rows.schedules.length; i++) {
      if (i > 0 && i % PER_TURN === 0) await yieldNow();
      numbers.set(rows.schedules[i]!.id, i);
    }
    const cancelledOn = new Map<number, Set<string>>();
    for (const c of rows.cancellations) {
      const i = numbers.get(c.schedule_id);
      if (i !== undefined) setIn(cancelledOn, i).add(c.departure_date);
    }
    const movedOn = new Map<number, Map<string, Moved>>();
    for (const r of rows.retimes ?? []) {
      const i = numbers.get(r.schedule_id);
      if (i === undefined) continue;
      const dates = movedOn.get(i) ?? new Map<string, Moved>();
      dates.set(r.departure_date, { departureTime: r.departure_time, durationMinutes: r.duration_minutes });
      movedOn.set(i, dates);
    }
    const boards = await DepartureBoards.inTurns(rows.schedules, cancelledOn, movedOn);
    const network = new FlightNetwork(version, rows, numbers, boards);
    for (let i = 0; i < rows.schedules.length; i++) {
      if (i > 0 && i % PER_TURN === 0) await yieldNow();
      network.add(rows.schedules[i]!);
    }
    return network;
  }

  private constructor(
    version: number,
    rows: NetworkRows,
    numbers: Map<string, number>,
    boards: DepartureBoards,
  ) {
    this.version = version;
    this.fares = rows.fares;
    this.scheduleList = rows.schedules;
    this.numbers = numbers;
    this.boards = boards;
    for (const a of rows.seatLayouts ?? [])
      for (const c of a.cabins) this.layouts.set(`${a.aircraft}|${c.cabin}`, c);
  }

  /** Indexes a schedule by id and as a feeder of its destination. */
  private add(schedule: Schedule): void {
    this.schedules.set(schedule.id, schedule);
    const feeders = this.feeders.get(schedule.destination.iata) ?? new Set<string>();
    feeders.add(schedule.origin.iata);
    this.feeders.set(schedule.destination.iata, feeders);
  }

  /** Reads the fares of these flights' routes if not read yet: call before `faresFor` on them. */
  async loadFares(schedules: Iterable<Schedule>): Promise<void> {
    const asked: Schedule[] = [];
    const routes: FareRoute[] = [];
    // A flight whose route's fares were read since they last changed needs no route key looked up.
    const read = this.faresReadFor;
    for (const s of schedules) {
      if (read.has(s)) continue;
      asked.push(s);
      routes.push({ carrier: s.carrier, origin: s.origin.iata, destination: s.destination.iata });
    }
    if (routes.length === 0) return;
    await this.fares.load(routes);
    if (read === this.faresReadFor) for (const s of asked) read.add(s);
  }

  /**
   * Reads the fares of every route the network flies that no search has read yet, ROUTES_PER_WARM_UP
   * routes between turns, so that a question nobody asked before finds its fares in memory rather than
   * waiting for storage. Stops at the first failure: a search reads the routes it needs itself.
   */
  async warmFares(): Promise<void> {
    const routes = new Map<string, FareRoute>();
    for (const s of this.schedules.values())
      routes.set(`${s.carrier}|${s.origin.iata}|${s.destination.iata}`, {
        carrier: s.carrier,
        origin: s.origin.iata,
        destination: s.destination.iata,
      });
    const list = [...routes.values()];
    for (let i = 0; i < list.length; i += ROUTES_PER_WARM_UP) {
      await this.fares.load(list.slice(i, i + ROUTES_PER_WARM_UP));
      await yieldNow();
    }
  }

  /** Forgets the fares of routes changed in storage (read again when next asked for), at `version`. */
  faresChanged(routes: readonly FareRoute[], version: number): void {
    this.fares.forget(routes);
    this.faresBySchedule = new Map();
    this.faresReadFor = new WeakSet();
    this.version = version;
  }

  /** The fares of a flight's route in a cabin, by brand; after `loadFares` of it. */
  faresFor(schedule: Schedule, cabin: Cabin): Fare[] {
    let bySchedule = this.faresBySchedule.get(cabin);
    if (!bySchedule) {
      bySchedule = new Map();
      this.faresBySchedule.set(cabin, bySchedule);
    }
    let fares = bySchedule.get(schedule);
    if (!fares) {
      fares = this.fares.faresFor(schedule.carrier, schedule.origin.iata, schedule.destination.iata, cabin);
      bySchedule.set(schedule, fares);
    }
    return fares;
  }

  /** The seat layout of a flight's cabin, if its aircraft type has one. */
  seatLayout(schedule: Schedule, cabin: Cabin): CabinLayout | undefined {
    return this.layouts.get(`${schedule.aircraft}|${cabin}`);
  }

  operates(schedule: Schedule, date: string): boolean {
    return (
      date >= schedule.validFrom &&
      date <= schedule.validTo &&
      schedule.days.includes(String(isoWeekday(date))) &&
      !this.isCancelled(schedule.id, date)
    );
  }

  isCancelled(scheduleId: string, date: string): boolean {
    const i = this.numbers.get(scheduleId);
    return i !== undefined && this.boards.cancelledOn(i, date);
  }

  /** A flight on a date: when it leaves and lands, as scheduled or as an operator retimed it that day. */
  datedFlight(schedule: Schedule, date: string): DatedFlight {
    const i = this.numbers.get(schedule.id);
    const moved = i === undefined ? undefined : this.boards.movedOn(i, date);
    const time = moved?.departureTime ?? schedule.departureTime;
    const departsAt = localToInstant(date, time, schedule.origin.time_zone).getTime();
    const minutes = moved?.durationMinutes ?? schedule.durationMinutes;
    return { schedule, date, departsAt, arrivesAt: departsAt + minutes * 60_000 };
  }
}

function setIn<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) {
    set = new Set<V>();
    map.set(key, set);
  }
  return set;
}
