import type { Seat } from './seat-layout.ts';

/**
 * What a fare charges to choose a seat, in minor units of the fare's currency: a standard seat, and a
 * preferred one (extra legroom or an exit row). 0 is free; null means the fare does not allow choosing one.
 */
export interface SeatFees {
  standard: number | null;
  preferred: number | null;
}

export type SeatRefusal = 'blocked' | 'exit_row_restricted' | 'not_selectable';

/** Who sits: their type, and whether an infant travels on their lap. */
export interface Sitter {
  type: 'adult' | 'child';
  withInfant: boolean;
}

export const isPreferred = (seat: Seat) =>
  seat.characteristics.includes('extra_legroom') || seat.characteristics.includes('exit_row');

/**
 * Whether a passenger may have a seat and what it costs. Exit rows are for adults without an infant on
 * their lap (they must be able to help in an evacuation); a blocked seat is nobody's.
 */
export function seatOffer(
  seat: Seat,
  fees: SeatFees,
  sitter: Sitter,
): { available: true; amount: number } | { available: false; reason: SeatRefusal } {
  if (seat.blocked) return { available: false, reason: 'blocked' };
  if (seat.characteristics.includes('exit_row') && (sitter.type !== 'adult' || sitter.withInfant))
    return { available: false, reason: 'exit_row_restricted' };
  const fee = isPreferred(seat) ? fees.preferred : fees.standard;
  if (fee === null) return { available: false, reason: 'not_selectable' };
  return { available: true, amount: fee };
}
