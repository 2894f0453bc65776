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

/**
 * Special service requests (IATA SSR codes) of passengers who may not sit in an exit row, where whoever
 * sits must be able and willing to open the door and help others out: a wheelchair of any kind, blind or
 * deaf passengers, passengers needing assistance, meet-and-assist, an unaccompanied minor (a child, barred
 * from exit rows as every child is).
 */
export const EXIT_ROW_BARRING_REQUESTS: ReadonlySet<string> = new Set([
  'WCHR',
  'WCHS',
  'WCHC',
  'BLND',
  'DEAF',
  'DPNA',
  'MAAS',
  'UMNR',
]);

/** Who sits: their type, whether an infant travels on their lap, and whether they need assistance. */
export interface Sitter {
  type: 'adult' | 'child';
  withInfant: boolean;
  /** A request of `EXIT_ROW_BARRING_REQUESTS`: no exit row. */
  needsAssistance?: boolean;
}

export const isPreferred = (seat: Seat) =>
  seat.characteristics.includes('extra_legroom') || seat.characteristics.includes('exit_row');

/**
 * Whether a passenger may have a seat and what it costs. Exit rows are for adults without an infant on
 * their lap and needing no assistance (they must be able to help in an evacuation); a blocked seat is
 * nobody's.
 */
export function seatOffer(
  seat: Seat,
  fees: SeatFees,
  sitter: Sitter,
): { available: true; amount: number } | { available: false; reason: SeatRefusal } {
  if (seat.blocked) return { available: false, reason: 'blocked' };
  if (
    seat.characteristics.includes('exit_row') &&
    (sitter.type !== 'adult' || sitter.withInfant || sitter.needsAssistance)
  )
    return { available: false, reason: 'exit_row_restricted' };
  const fee = isPreferred(seat) ? fees.preferred : fees.standard;
  if (fee === null) return { available: false, reason: 'not_selectable' };
  return { available: true, amount: fee };
}
