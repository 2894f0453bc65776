import { LRUCache } from 'lru-cache';
import { dayStart, isoWeekday, localToInstant, offsetThroughDay } from '../../../shared/calendar.ts';
import type { Airport } from '../../catalog/index.ts';

/** What a board needs of a schedule: where and when it flies, in the network's schedule order. */
export interface BoardSchedule {
  id: string;
  carrier: string;
  origin: Airport;
  destination: Airport;
  departureTime: string;
  durationMinutes: number;
  days: string;
  validFrom: string;
  validTo: string;
}

/** A departure time and duration an operator set for one dated flight. */
export interface Moved {
  departureTime: string;
  durationMinutes: number;
}

/**
 * The flights leaving one airport on one local date, by departure instant (then schedule order), as
 * columns: schedule number, departure and arrival instants in ms.
 */
export interface Board {
  readonly schedule: Int32Array;
  readonly departs: Float64Array;
  readonly arrives: Float64Array;
}

/** Flights kept on boards in all (20 bytes each): a busy hub's day is a couple of thousand. */
const FLIGHTS_KEPT = 2_000_000;
const DAY_MS = 86_400_000;

const minuteOfDay = (time: string) => {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return hh * 60 + mm;
};
const dayNumber = (date: string) => Math.floor(dayStart(date) / DAY_MS);

/**
 * Schedules as numbers in columns, indexed by airport, from which the departures of an airport on a date
 * are worked out without an object per flight: validity, weekday and local time are integers, and a
 * day's local times become instants by one subtraction unless the zone's clocks change that day.
 * Airports and carriers are numbered in order of first appearance.
 */
export class DepartureBoards {
  readonly airports: Airport[] = [];
  readonly airportNumber = new Map<string, number>();
  readonly carriers: string[] = [];
  /** Per schedule: origin and destination airport numbers, carrier number. */
  readonly origin: Int32Array;
  readonly destination: Int32Array;
  readonly carrier: Int32Array;
  private readonly minute: Int32Array;
  private readonly duration: Int32Array;
  private readonly weekdays: Uint8Array;
  private readonly validFrom: Int32Array;
  private readonly validTo: Int32Array;
  /** Schedules by origin airport, each airport's run sorted by local departure time then schedule. */
  private readonly byOriginStart: Int32Array;
  private readonly byOrigin: Int32Array;
  /** Schedules by route (origin × airports + destination), each sorted as `byOrigin`'s runs. */
  private readonly byRoute = new Map<number, number[]>();
  private readonly boards = new LRUCache<string, Board>({
    maxSize: FLIGHTS_KEPT,
    sizeCalculation: (b) => b.schedule.length + 1,
  });

  private readonly schedules: readonly BoardSchedule[];
  private readonly cancelled: ReadonlyMap<number, ReadonlySet<string>>;
  private readonly moved: ReadonlyMap<number, ReadonlyMap<string, Moved>>;

  /**
   * `cancelled`: the dates a schedule (by number) does not fly; `moved`: the dated flights an operator
   * retimed, by schedule number and date.
   */
  constructor(
    schedules: readonly BoardSchedule[],
    cancelled: ReadonlyMap<number, ReadonlySet<string>>,
    moved: ReadonlyMap<number, ReadonlyMap<string, Moved>>,
  ) {
    this.schedules = schedules;
    this.cancelled = cancelled;
    this.moved = moved;
    const n = schedules.length;
    const carrierNumber = new Map<string, number>();
    this.origin = new Int32Array(n);
    this.destination = new Int32Array(n);
    this.carrier = new Int32Array(n);
    this.minute = new Int32Array(n);
    this.duration = new Int32Array(n);
    this.weekdays = new Uint8Array(n);
    this.validFrom = new Int32Array(n);
    this.validTo = new Int32Array(n);
    const numbered = (a: Airport) => {
      let k = this.airportNumber.get(a.iata);
      if (k === undefined) {
        k = this.airports.push(a) - 1;
        this.airportNumber.set(a.iata, k);
      }
      return k;
    };
    for (const [i, s] of schedules.entries()) {
      this.origin[i] = numbered(s.origin);
      this.destination[i] = numbered(s.destination);
      let c = carrierNumber.get(s.carrier);
      if (c === undefined) {
        c = this.carriers.push(s.carrier) - 1;
        carrierNumber.set(s.carrier, c);
      }
      this.carrier[i] = c;
      this.minute[i] = minuteOfDay(s.departureTime);
      this.duration[i] = s.durationMinutes;
      for (const ch of s.days) if (ch >= '1' && ch <= '7') this.weekdays[i]! |= 1 << (Number(ch) - 1);
      this.validFrom[i] = dayNumber(s.validFrom);
      this.validTo[i] = dayNumber(s.validTo);
    }
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => this.origin[a]! - this.origin[b]! || this.minute[a]! - this.minute[b]! || a - b,
    );
    this.byOrigin = Int32Array.from(order);
    this.byOriginStart = new Int32Array(this.airports.length + 1);
    for (const i of order) {
      this.byOriginStart[this.origin[i]! + 1]!++;
      const route = this.origin[i]! * this.airports.length + this.destination[i]!;
      const list = this.byRoute.get(route);
      if (list) list.push(i);
      else this.byRoute.set(route, [i]);
    }
    for (let a = 0; a < this.airports.length; a++) this.byOriginStart[a + 1]! += this.byOriginStart[a]!;
  }

  /** Whether an operator cancelled schedule number `i` on `date`. */
  cancelledOn(i: number, date: string): boolean {
    return this.cancelled.get(i)?.has(date) ?? false;
  }

  /** The time and duration an operator set for schedule number `i` on `date`, if any. */
  movedOn(i: number, date: string): Moved | undefined {
    return this.moved.get(i)?.get(date);
  }

  /** The flights leaving airport number `airport` on its local `date`; worked out once, then kept. */
  board(airport: number, date: string): Board {
    const key = `${airport}|${date}`;
    const hit = this.boards.get(key);
    if (hit) return hit;
    const board = this.workOut(airport, date);
    this.boards.set(key, board);
    return board;
  }

  /**
   * The flights from airport number `from` to any of the airports `to` on `from`'s local `date`, as a
   * board of their own: what the last flight of an itinerary is chosen from, without the whole board.
   */
  routeBoard(from: number, to: readonly number[], date: string): Board {
    const n = this.airports.length;
    const lists = to.map((d) => this.byRoute.get(from * n + d) ?? []);
    const candidates =
      lists.length === 1
        ? lists[0]!
        : lists.flat().sort((a, b) => this.minute[a]! - this.minute[b]! || a - b);
    return this.fill(candidates, from, date);
  }

  private workOut(airport: number, date: string): Board {
    return this.fill(
      this.byOrigin.subarray(this.byOriginStart[airport]!, this.byOriginStart[airport + 1]!),
      airport,
      date,
    );
  }

  /** The board of `candidates` (schedule numbers from `airport`, by local time) flying on `date`. */
  private fill(candidates: ArrayLike<number>, airport: number, date: string): Board {
    const day = dayNumber(date);
    const bit = 1 << (isoWeekday(date) - 1);
    const zone = this.airports[airport]!.time_zone;
    const offset = offsetThroughDay(date, zone);
    const midnight = day * DAY_MS;
    const schedule = new Int32Array(candidates.length);
    const departs = new Float64Array(candidates.length);
    const arrives = new Float64Array(candidates.length);
    let count = 0;
    let ordered = true;
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      if (day < this.validFrom[i]! || day > this.validTo[i]! || (this.weekdays[i]! & bit) === 0) continue;
      if (this.cancelledOn(i, date)) continue;
      const moved = this.movedOn(i, date);
      const at =
        moved || offset === null
          ? localToInstant(date, moved?.departureTime ?? this.schedules[i]!.departureTime, zone).getTime()
          : midnight + (this.minute[i]! - offset) * 60_000;
      schedule[count] = i;
      departs[count] = at;
      arrives[count] = at + (moved?.durationMinutes ?? this.duration[i]!) * 60_000;
      if (count > 0 && (at < departs[count - 1]! || (at === departs[count - 1]! && i < schedule[count - 1]!)))
        ordered = false;
      count++;
    }
    const board = {
      schedule: schedule.slice(0, count),
      departs: departs.slice(0, count),
      arrives: arrives.slice(0, count),
    };
    return ordered ? board : sortedBoard(board);
  }
}

/** A board in departure order, schedule order breaking ties (a day whose clocks change, a moved flight). */
function sortedBoard(b: Board): Board {
  const order = Array.from(b.schedule.keys()).sort(
    (x, y) => b.departs[x]! - b.departs[y]! || b.schedule[x]! - b.schedule[y]!,
  );
  return {
    schedule: Int32Array.from(order, (k) => b.schedule[k]!),
    departs: Float64Array.from(order, (k) => b.departs[k]!),
    arrives: Float64Array.from(order, (k) => b.arrives[k]!),
  };
}

/** The first position on a board departing at or after `ms`. */
export function firstFrom(board: Board, ms: number): number {
  let lo = 0;
  let hi = board.departs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (board.departs[mid]! < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
