import { dayStart } from '../../../shared/calendar.ts';
import type { Work } from '../../../shared/yield-now.ts';
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

export const DAY_MS = 86_400_000;

const minuteOfDay = (time: string) => {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return hh * 60 + mm;
};
export const dayNumber = (date: string) => Math.floor(dayStart(date) / DAY_MS);

/** Schedules numbered between two turns of the event loop while columns are built. */
const PER_TURN = 10_000;

/** The schedules as columns, and their orders by origin and by route: what a board is worked out from. */
export interface Columns {
  airports: Airport[];
  airportNumber: Map<string, number>;
  carriers: string[];
  origin: Int32Array;
  destination: Int32Array;
  carrier: Int32Array;
  minute: Int32Array;
  duration: Int32Array;
  weekdays: Uint8Array;
  validFrom: Int32Array;
  validTo: Int32Array;
  byOriginStart: Int32Array;
  byOrigin: Int32Array;
  byRoute: Map<number, number[]>;
}

/**
 * Builds the columns, yielding every PER_TURN schedules. Airports and carriers are numbered in order of
 * first appearance; each origin's run is sorted by local departure time, then schedule number (as one
 * integer key, so the sort is the typed array's own).
 */
export function* columnsOf(schedules: readonly BoardSchedule[]): Work<Columns> {
  const n = schedules.length;
  const airports: Airport[] = [];
  const airportNumber = new Map<string, number>();
  const carriers: string[] = [];
  const carrierNumber = new Map<string, number>();
  const c = {
    origin: new Int32Array(n),
    destination: new Int32Array(n),
    carrier: new Int32Array(n),
    minute: new Int32Array(n),
    duration: new Int32Array(n),
    weekdays: new Uint8Array(n),
    validFrom: new Int32Array(n),
    validTo: new Int32Array(n),
  };
  const numbered = (a: Airport) => {
    let k = airportNumber.get(a.iata);
    if (k === undefined) {
      k = airports.push(a) - 1;
      airportNumber.set(a.iata, k);
    }
    return k;
  };
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % PER_TURN === 0) yield;
    const s = schedules[i]!;
    c.origin[i] = numbered(s.origin);
    c.destination[i] = numbered(s.destination);
    let k = carrierNumber.get(s.carrier);
    if (k === undefined) {
      k = carriers.push(s.carrier) - 1;
      carrierNumber.set(s.carrier, k);
    }
    c.carrier[i] = k;
    c.minute[i] = minuteOfDay(s.departureTime);
    c.duration[i] = s.durationMinutes;
    for (const ch of s.days) if (ch >= '1' && ch <= '7') c.weekdays[i]! |= 1 << (Number(ch) - 1);
    c.validFrom[i] = dayNumber(s.validFrom);
    c.validTo[i] = dayNumber(s.validTo);
  }
  yield;
  // (origin, minute of day, schedule number) in one number: below 2^53 for any world's network.
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = (c.origin[i]! * 1_440 + c.minute[i]!) * n + i;
  keys.sort();
  const byOrigin = new Int32Array(n);
  for (let k = 0; k < n; k++) byOrigin[k] = keys[k]! % n;
  yield;
  const byOriginStart = new Int32Array(airports.length + 1);
  const byRoute = new Map<number, number[]>();
  for (let k = 0; k < n; k++) {
    if (k > 0 && k % PER_TURN === 0) yield;
    const i = byOrigin[k]!;
    byOriginStart[c.origin[i]! + 1]!++;
    const route = c.origin[i]! * airports.length + c.destination[i]!;
    const list = byRoute.get(route);
    if (list) list.push(i);
    else byRoute.set(route, [i]);
  }
  for (let a = 0; a < airports.length; a++) byOriginStart[a + 1]! += byOriginStart[a]!;
  return { airports, airportNumber, carriers, ...c, byOriginStart, byOrigin, byRoute };
}
