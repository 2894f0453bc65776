import { type CabinLayout, type SeatCharacteristic, seatsOf } from './seat-layout.ts';
import { type SeatFees, type SeatRefusal, type Sitter, seatOffer } from './seat-rules.ts';

/**
 * The kinds of passenger a seat is priced for: adults, adults with an infant on the lap, adults asking
 * for assistance (a wheelchair, BLND, DEAF, DPNA, MAAS: on a booking's map only), children.
 */
export type SitterKind = 'adult' | 'adult_with_infant' | 'adult_needing_assistance' | 'child';

const SITTERS: Record<SitterKind, Sitter> = {
  adult: { type: 'adult', withInfant: false },
  adult_with_infant: { type: 'adult', withInfant: true },
  adult_needing_assistance: { type: 'adult', withInfant: false, needsAssistance: true },
  child: { type: 'child', withInfant: false },
};

/** Which kinds of passenger an offer has. */
export function sitterKinds(mix: {
  adults: number;
  children: readonly number[];
  infants: number;
}): SitterKind[] {
  const kinds: SitterKind[] = [];
  if (mix.adults > mix.infants) kinds.push('adult');
  if (mix.infants > 0) kinds.push('adult_with_infant');
  if (mix.children.length > 0) kinds.push('child');
  return kinds;
}

export type SeatAnswer =
  | { available: true; amount: number }
  | { available: false; reason: SeatRefusal | 'taken' };

export interface SeatMapSeat {
  designator: string;
  letter: string;
  characteristics: SeatCharacteristic[];
  /** Per kind of passenger on the offer: whether they may have it, and for how much. */
  offers: Partial<Record<SitterKind, SeatAnswer>>;
  /** On a booking's seat map: the passenger of the booking who holds it. */
  passenger_id?: string;
}

/** The kind of passenger a sitter is. */
export const kindOf = (sitter: Sitter): SitterKind =>
  sitter.type === 'child'
    ? 'child'
    : sitter.withInfant
      ? 'adult_with_infant'
      : sitter.needsAssistance
        ? 'adult_needing_assistance'
        : 'adult';

/**
 * A cabin's seats row by row, each with what it costs whom, or why not. `taken` maps a taken seat to the
 * passenger holding it when they are the reader's own (a booking's seat map), else to null.
 */
export function seatMapOf(
  layout: CabinLayout,
  fees: SeatFees,
  kinds: readonly SitterKind[],
  taken: ReadonlyMap<string, string | null>,
): { letters: string; rows: Array<{ row: number; seats: SeatMapSeat[] }> } {
  const rows = new Map<number, SeatMapSeat[]>();
  for (const seat of seatsOf(layout)) {
    const offers: SeatMapSeat['offers'] = {};
    const holder = taken.get(seat.designator);
    for (const kind of kinds)
      offers[kind] =
        holder !== undefined ? { available: false, reason: 'taken' } : seatOffer(seat, fees, SITTERS[kind]);
    const list = rows.get(seat.row) ?? [];
    list.push({
      designator: seat.designator,
      letter: seat.letter,
      characteristics: seat.characteristics,
      offers,
      ...(holder ? { passenger_id: holder } : {}),
    });
    rows.set(seat.row, list);
  }
  return { letters: layout.letters, rows: [...rows].map(([row, seats]) => ({ row, seats })) };
}
