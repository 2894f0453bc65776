import { addDays, isoWeekday, localToInstant } from '../../../shared/calendar.ts';
import type { Airport, Catalogue } from '../../catalog/index.ts';
import type { AircraftLayout, CabinLayout } from '../seats/seat-layout.ts';
import type { Fare, FareTable } from './fare-table.ts';
import type { Cabin } from './network-file.ts';
import type { CancellationRow, FareRoute, RetimeRow, ScheduleRow } from './network-repository.ts';

export interface Schedule {
  id: string;
  carrier: string;
  flightNumber: number;
  origin: Airport;
  destination: Airport;
  departureTime: string;
  durationMinutes: number;
  days: string;
  validFrom: string;
  validTo: string;
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

const DATED_CACHE_LIMIT = 50_000;

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
 * The whole schedule in memory, indexed for search: schedules by origin, direct destinations by
 * airport, fares by carrier/route/cabin, and the flights of one airport on one date (computed on first
 * use, kept in a bounded cache). Immutable once built; a change builds a new one.
 */
export class FlightNetwork {
  /** The change counter of the data it holds (it moves in place when only fares change). */
  version: number;
  readonly schedules = new Map<string, Schedule>();
  private readonly byOrigin = new Map<string, Schedule[]>();
  /** Airports with a direct flight to the key airport. */
  readonly feeders = new Map<string, Set<string>>();
  private readonly fares: FareTable;
  private readonly cancelled = new Set<string>();
  private readonly dated = new Map<string, DatedFlight[]>();
  private readonly layouts = new Map<string, CabinLayout>();
  /** Dated flights an operator moved: their departure time and duration that day. */
  private readonly retimed = new Map<string, { departureTime: string; durationMinutes: number }>();

  constructor(
    version: number,
    rows: {
      schedules: ScheduleRow[];
      fares: FareTable;
      cancellations: CancellationRow[];
      seatLayouts?: AircraftLayout[];
      retimes?: RetimeRow[];
    },
    catalogue: Catalogue,
  ) {
    this.version = version;
    this.fares = rows.fares;
    for (const row of rows.schedules) {
      const origin = catalogue.airportByCode.get(row.origin);
      const destination = catalogue.airportByCode.get(row.destination);
      if (!origin || !destination) continue;
      const schedule: Schedule = {
        id: row.id,
        carrier: row.carrier,
        flightNumber: row.flight_number,
        origin,
        destination,
        departureTime: row.departure_time,
        durationMinutes: row.duration_minutes,
        days: row.days_of_week,
        validFrom: row.valid_from,
        validTo: row.valid_to,
        aircraft: row.aircraft,
        capacity: {
          economy: row.capacity_economy,
          premium_economy: row.capacity_premium_economy,
          business: row.capacity_business,
          first: row.capacity_first,
        },
      };
      this.schedules.set(schedule.id, schedule);
      push(this.byOrigin, row.origin, schedule);
      const feeders = this.feeders.get(row.destination) ?? new Set<string>();
      feeders.add(row.origin);
      this.feeders.set(row.destination, feeders);
    }
    for (const a of rows.seatLayouts ?? [])
      for (const c of a.cabins) this.layouts.set(`${a.aircraft}|${c.cabin}`, c);
    for (const c of rows.cancellations) this.cancelled.add(`${c.schedule_id}|${c.departure_date}`);
    for (const r of rows.retimes ?? [])
      this.retimed.set(`${r.schedule_id}|${r.departure_date}`, {
        departureTime: r.departure_time,
        durationMinutes: r.duration_minutes,
      });
  }

  /** Reads the fares of these flights' routes if not read yet: call before `faresFor` on them. */
  loadFares(schedules: Iterable<Schedule>): Promise<void> {
    const routes = [];
    for (const s of schedules)
      routes.push({ carrier: s.carrier, origin: s.origin.iata, destination: s.destination.iata });
    return this.fares.load(routes);
  }

  /** Forgets the fares of routes changed in storage (read again when next asked for), at `version`. */
  faresChanged(routes: readonly FareRoute[], version: number): void {
    this.fares.forget(routes);
    this.version = version;
  }

  /** The fares of a flight's route in a cabin, by brand; after `loadFares` of it. */
  faresFor(schedule: Schedule, cabin: Cabin): Fare[] {
    return this.fares.faresFor(schedule.carrier, schedule.origin.iata, schedule.destination.iata, cabin);
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
      !this.cancelled.has(`${schedule.id}|${date}`)
    );
  }

  isCancelled(scheduleId: string, date: string): boolean {
    return this.cancelled.has(`${scheduleId}|${date}`);
  }

  /** A flight on a date: when it leaves and lands, as scheduled or as an operator retimed it that day. */
  datedFlight(schedule: Schedule, date: string): DatedFlight {
    const moved = this.retimed.get(`${schedule.id}|${date}`);
    const time = moved?.departureTime ?? schedule.departureTime;
    const departsAt = localToInstant(date, time, schedule.origin.time_zone).getTime();
    const minutes = moved?.durationMinutes ?? schedule.durationMinutes;
    return { schedule, date, departsAt, arrivesAt: departsAt + minutes * 60_000 };
  }

  /** Flights leaving an airport on a local date, by departure time. */
  departures(airport: string, date: string): DatedFlight[] {
    const key = `${airport}|${date}`;
    const hit = this.dated.get(key);
    if (hit) return hit;
    const flights = (this.byOrigin.get(airport) ?? [])
      .filter((s) => this.operates(s, date))
      .map((s) => this.datedFlight(s, date))
      .sort((a, b) => a.departsAt - b.departsAt);
    if (this.dated.size >= DATED_CACHE_LIMIT) this.dated.delete(this.dated.keys().next().value!);
    this.dated.set(key, flights);
    return flights;
  }

  /** Flights leaving an airport between two instants (spanning local dates as needed). */
  departuresBetween(
    airport: string,
    fromMs: number,
    toMs: number,
    timeZoneDate: (ms: number) => string,
  ): DatedFlight[] {
    const last = timeZoneDate(toMs);
    const out: DatedFlight[] = [];
    for (let date = timeZoneDate(fromMs); date <= last; date = addDays(date, 1)) {
      const flights = this.departures(airport, date);
      let lo = 0;
      let hi = flights.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (flights[mid]!.departsAt < fromMs) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < flights.length && flights[i]!.departsAt <= toMs; i++) out.push(flights[i]!);
    }
    return out;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
