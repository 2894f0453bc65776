import { LRUCache } from 'lru-cache';
import { isoWeekday, localToInstant, offsetThroughDay } from '../../../shared/calendar.ts';
import { runAtOnce, runInTurns } from '../../../shared/yield-now.ts';
import type { Airport } from '../../catalog/index.ts';
import { type BoardSchedule, type Columns, columnsOf, DAY_MS, dayNumber } from './departure-columns.ts';

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

/**
 * Schedules as numbers in columns, indexed by airport, from which the departures of an airport on a date
 * are worked out without an object per flight: validity, weekday and local time are integers, and a
 * day's local times become instants by one subtraction unless the zone's clocks change that day.
 */
export class DepartureBoards {
  readonly airports: Airport[];
  readonly airportNumber: Map<string, number>;
  readonly carriers: string[];
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
  private readonly byRoute: Map<number, number[]>;
  private readonly boards = new LRUCache<string, Board>({
    maxSize: FLIGHTS_KEPT,
    sizeCalculation: (b) => b.schedule.length + 1,
  });

  private readonly schedules: readonly BoardSchedule[];
  /** 1 for a schedule with a date cancelled or moved: only those are looked up in the two maps. */
  private readonly excepted: Uint8Array;
  private readonly cancelled: ReadonlyMap<number, ReadonlySet<string>>;
  private readonly moved: ReadonlyMap<number, ReadonlyMap<string, Moved>>;

  /** Boards built in turns of the event loop, as a server builds them. */
  static async inTurns(
    schedules: readonly BoardSchedule[],
    cancelled: ReadonlyMap<number, ReadonlySet<string>>,
    moved: ReadonlyMap<number, ReadonlyMap<string, Moved>>,
  ): Promise<DepartureBoards> {
    return new DepartureBoards(schedules, cancelled, moved, await runInTurns(columnsOf(schedules)));
  }

  /**
   * `cancelled`: the dates a schedule (by number) does not fly; `moved`: the dated flights an operator
   * retimed, by schedule number and date.
   */
  constructor(
    schedules: readonly BoardSchedule[],
    cancelled: ReadonlyMap<number, ReadonlySet<string>>,
    moved: ReadonlyMap<number, ReadonlyMap<string, Moved>>,
    columns: Columns = runAtOnce(columnsOf(schedules)),
  ) {
    this.schedules = schedules;
    this.cancelled = cancelled;
    this.moved = moved;
    this.excepted = new Uint8Array(schedules.length);
    for (const i of cancelled.keys()) this.excepted[i] = 1;
    for (const i of moved.keys()) this.excepted[i] = 1;
    this.airports = columns.airports;
    this.airportNumber = columns.airportNumber;
    this.carriers = columns.carriers;
    this.origin = columns.origin;
    this.destination = columns.destination;
    this.carrier = columns.carrier;
    this.minute = columns.minute;
    this.duration = columns.duration;
    this.weekdays = columns.weekdays;
    this.validFrom = columns.validFrom;
    this.validTo = columns.validTo;
    this.byOriginStart = columns.byOriginStart;
    this.byOrigin = columns.byOrigin;
    this.byRoute = columns.byRoute;
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
      const excepted = this.excepted[i] === 1;
      if (excepted && this.cancelledOn(i, date)) continue;
      const moved = excepted ? this.movedOn(i, date) : undefined;
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
