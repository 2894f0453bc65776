import type { PassengerMix } from '../search/fare-rules.ts';
import { ageOn } from './booking-rules.ts';

/** What a change costs, in the booking's currency (minor units). */
export interface ChangePrice {
  /** New fares less the fares paid: negative when the new flights are cheaper. */
  fare_difference: number;
  /** The fare's change penalty, per seated passenger. */
  penalty: number;
  /** Seat fees on the flights given up, kept (voluntary changes) or refunded (the airline's). */
  forfeited_services: number;
  /** What the traveller gets back of a cheaper itinerary: refundable fares only. */
  residual_refund: number;
  /** What stays with the seller on top of the new fares: penalty, kept residual and forfeited seat fees. */
  fees: number;
}

/**
 * Prices a change. Voluntary: the whole ticket is repriced at today's fares; a dearer one pays the
 * difference, a cheaper one gives the difference back only on a refundable fare (otherwise it is kept),
 * and the fare's change penalty applies per seated passenger; seats chosen on the flights given up are
 * not refunded. Involuntary (the airline cancelled or retimed a flight): nothing to pay, nothing kept,
 * and the booking keeps the fares it paid.
 */
export function priceChange(input: {
  oldFares: number;
  newFares: number;
  penaltyPerPassenger: number;
  seatedPassengers: number;
  refundable: boolean;
  involuntary: boolean;
  seatFeesGivenUp: number;
}): ChangePrice {
  if (input.involuntary)
    return { fare_difference: 0, penalty: 0, forfeited_services: 0, residual_refund: 0, fees: 0 };
  const difference = input.newFares - input.oldFares;
  const penalty = input.penaltyPerPassenger * input.seatedPassengers;
  const residual = Math.max(0, -difference);
  const refund = input.refundable ? residual : 0;
  return {
    fare_difference: difference,
    penalty,
    forfeited_services: input.seatFeesGivenUp,
    residual_refund: refund,
    fees: penalty + (residual - refund) + input.seatFeesGivenUp,
  };
}

/** The passenger mix of a booking, children by their age on the first flight. */
export function mixOf(
  passengers: ReadonlyArray<{ type: string; born_on: string }>,
  firstDate: string,
): PassengerMix {
  return {
    adults: passengers.filter((p) => p.type === 'adult').length,
    children: passengers.filter((p) => p.type === 'child').map((p) => ageOn(p.born_on, firstDate)),
    infants: passengers.filter((p) => p.type === 'infant').length,
  };
}
