import type { Cabin } from './cabins.ts';

/**
 * A cabin's seat layout as an operator describes it: rows, the seat letters of a row with a space for
 * each aisle (`"ABC DEF"`), and which rows are exit rows, over the wing, with extra legroom, a bassinet
 * position or seats that do not recline; seats out of use are blocked.
 */
export interface CabinLayout {
  cabin: Cabin;
  first_row: number;
  last_row: number;
  letters: string;
  /** Row numbers not used (many carriers have no row 13). */
  skip_rows?: number[];
  exit_rows?: number[];
  wing_rows?: [number, number];
  extra_legroom_rows?: number[];
  bassinet_rows?: number[];
  no_recline_rows?: number[];
  /** Seats never assigned, e.g. `"34E"`. */
  blocked?: string[];
}

export interface AircraftLayout {
  aircraft: string;
  cabins: CabinLayout[];
}

export const SEAT_CHARACTERISTICS = [
  'window',
  'aisle',
  'middle',
  'exit_row',
  'over_wing',
  'extra_legroom',
  'bassinet',
  'no_recline',
] as const;
export type SeatCharacteristic = (typeof SEAT_CHARACTERISTICS)[number];

export interface Seat {
  /** Row and letter, `"12A"`. */
  designator: string;
  row: number;
  letter: string;
  cabin: Cabin;
  characteristics: SeatCharacteristic[];
  blocked: boolean;
}

/** The rows of a cabin in order, without skipped numbers. */
export function rowsOf(layout: CabinLayout): number[] {
  const skip = new Set(layout.skip_rows ?? []);
  const rows: number[] = [];
  for (let r = layout.first_row; r <= layout.last_row; r++) if (!skip.has(r)) rows.push(r);
  return rows;
}

/**
 * Where each letter sits in a row: at a window (the ends), by an aisle (next to a space) or in the
 * middle. A seat both at a window and by an aisle (a single seat in a 1-2-1 row) is both.
 */
export function positionsOf(letters: string): Map<string, Array<'window' | 'aisle' | 'middle'>> {
  const chars = [...letters];
  const seats = chars.map((c, i) => ({ c, i })).filter(({ c }) => c !== ' ');
  const out = new Map<string, Array<'window' | 'aisle' | 'middle'>>();
  seats.forEach(({ c, i }, k) => {
    const where: Array<'window' | 'aisle' | 'middle'> = [];
    if (k === 0 || k === seats.length - 1) where.push('window');
    if (chars[i - 1] === ' ' || chars[i + 1] === ' ') where.push('aisle');
    out.set(c, where.length > 0 ? where : ['middle']);
  });
  return out;
}

/** Every seat of a cabin, row by row, with its characteristics. */
export function seatsOf(layout: CabinLayout): Seat[] {
  const positions = positionsOf(layout.letters);
  const has = (list: number[] | undefined, row: number) => list?.includes(row) ?? false;
  const blocked = new Set(layout.blocked ?? []);
  const seats: Seat[] = [];
  for (const row of rowsOf(layout)) {
    for (const [letter, where] of positions) {
      const characteristics: SeatCharacteristic[] = [...where];
      if (has(layout.exit_rows, row)) characteristics.push('exit_row');
      const wing = layout.wing_rows;
      if (wing && row >= wing[0] && row <= wing[1]) characteristics.push('over_wing');
      if (has(layout.extra_legroom_rows, row)) characteristics.push('extra_legroom');
      if (has(layout.bassinet_rows, row)) characteristics.push('bassinet');
      if (has(layout.no_recline_rows, row)) characteristics.push('no_recline');
      const designator = `${row}${letter}`;
      seats.push({
        designator,
        row,
        letter,
        cabin: layout.cabin,
        characteristics,
        blocked: blocked.has(designator),
      });
    }
  }
  return seats;
}

/** Seats that can be assigned: every seat of the cabin but the blocked ones. */
export const assignableSeats = (layout: CabinLayout) => seatsOf(layout).filter((s) => !s.blocked);
