import { yieldNow } from '../../../shared/yield-now.ts';
import type { StayNights } from '../inventory/hotel-rates.ts';
import type { HotelIndex, HotelRows } from './hotel-index.ts';
import { type CountedRoom, type NightStates, type Room, roomStates } from './hotel-options.ts';

/** Hotels looked at, or priced, between two yields to the event loop (a few milliseconds of work). */
export const HOTELS_PER_TURN = 200;

/** The filters of a hotel search that ranking applies. */
export interface RankingFilters {
  stars?: readonly number[];
  amenities?: readonly string[];
  /** Folded; empty for none. */
  name: string;
  boards?: readonly string[];
  refundable_only?: boolean;
}

/** A stay as priced: its dates, rooms and nights. */
export type Stay = { checkIn: string; checkOut: string; rooms: Room[]; nights: StayNights };

/**
 * The hotels a search looks at, as columns rather than an object each (a city's thousands, kept with a
 * remembered answer): hotel `k` is at position `at[k]` of the index, `distance[k]` km from the point
 * asked about (NaN until measured: see `distanceOf`).
 */
export interface FoundHotels {
  readonly at: Int32Array;
  readonly distance: Float64Array;
  readonly length: number;
}

/** Room for `capacity` found hotels, none yet. */
export function foundHotels(capacity: number): FoundHotels & { length: number } {
  return { at: new Int32Array(capacity), distance: new Float64Array(capacity), length: 0 };
}

/**
 * How far a position is from the point a search asked about: null when it asked about none (hotels by
 * id). Measured only when a search needs it (see `distanceOf`).
 */
export type Measure = (at: number) => number | null;

/** The distance of found hotel `k`, measured now if it was not yet (and kept). */
export function distanceOf(hotels: FoundHotels, k: number, measure: Measure): number | null {
  let d = hotels.distance[k]!;
  if (Number.isNaN(d)) {
    const measured = measure(hotels.at[k]!);
    if (measured === null) return null;
    d = measured;
    hotels.distance[k] = d;
  }
  return d;
}

export const noRows = (): HotelRows => ({ firstRoom: 0, roomCount: 0, firstPlan: 0, planCount: 0 });

/**
 * The hotels of `found` that pass the content filters (stars, amenities, name, check-in still open in
 * their zone), read from the index's columns, and the rows of their room types: what night states are
 * read for. Yields every HOTELS_PER_TURN hotels.
 */
export async function lookAt(
  index: HotelIndex,
  found: FoundHotels,
  filters: RankingFilters,
  open: (zone: string) => boolean,
): Promise<{ hotels: FoundHotels; rooms: number[] }> {
  const hotels = foundHotels(found.length);
  const rooms: number[] = [];
  const rows = noRows();
  for (let k = 0; k < found.length; k++) {
    if (k > 0 && k % HOTELS_PER_TURN === 0) await yieldNow();
    const at = found.at[k]!;
    if (
      !open(index.timeZoneAt(at)) ||
      (filters.stars && !filters.stars.includes(index.starsAt(at))) ||
      (filters.amenities && !filters.amenities.every((a) => index.amenitiesAt(at).includes(a))) ||
      (filters.name && !index.foldedNameAt(at).includes(filters.name))
    )
      continue;
    hotels.at[hotels.length] = at;
    hotels.distance[hotels.length] = found.distance[k]!;
    hotels.length++;
    index.rowsInto(at, rows);
    for (let r = rows.firstRoom; r < rows.firstRoom + rows.roomCount; r++) rooms.push(r);
  }
  return { hotels, rooms };
}

/**
 * The room types at rows `rows` as their states are read: id and rooms. Made only when night states are
 * stored for the stay (a search otherwise judges a room type by its rooms alone: `sellableAt`).
 */
function countedRooms(index: HotelIndex, rows: readonly number[]): CountedRoom[] {
  return rows.map((r) => ({ id: index.roomIdAt(r), rooms: index.roomCountAt(r) }));
}

/** `roomStates` of the room type rows `rows`, without an object per room type when nothing is stored. */
export function statesAt(
  index: HotelIndex,
  rows: readonly number[],
  stay: Stay,
  state: NightStates,
  stored: boolean,
): Uint8Array {
  if (stored) return roomStates(countedRooms(index, rows), stay.nights, stay.rooms.length, state);
  const states = new Uint8Array(rows.length);
  const wanted = stay.rooms.length;
  for (let i = 0; i < rows.length; i++) states[i] = index.roomCountAt(rows[i]!) >= wanted ? 1 : 0;
  return states;
}
