import { invalidField } from '../../../http/app-error.ts';
import { freeCancellationEnds } from '../inventory/hotel-cancellation-rules.ts';
import type { IndexedRatePlan } from '../inventory/hotel-content-codec.ts';
import { hotelHoldDeadline } from './hotel-booking-rules.ts';

/*
 * How a new hotel booking is to be settled, checked before anything is taken: paid now, held unpaid, or
 * guaranteed by a card and paid at the hotel.
 */

type Plan = Pick<IndexedRatePlan, 'payment_type' | 'cancellation'>;

/** The one payment type of a booking's rates; 400 when it mixes rates paid now and at the hotel. */
export function paymentTypeOf(plans: readonly Plan[]): Plan['payment_type'] {
  const [first] = plans;
  if (plans.some((p) => p.payment_type !== first!.payment_type))
    throw invalidField('/rooms', 'mixes rates paid now and rates paid at the hotel: book them apart');
  return first!.payment_type;
}

/** Until when a hold of this rate keeps its rooms; 400 on `/type` when the rate cannot be held now. */
export function holdDeadline(plan: Plan, checkIn: string, timeZone: string, now: Date): Date {
  if (plan.payment_type !== 'pay_now')
    throw invalidField(
      '/type',
      'a hold is not possible for a rate paid at the hotel: book it, nothing is taken now',
    );
  const ends = freeCancellationEnds(plan.cancellation, checkIn, timeZone);
  const until = hotelHoldDeadline(now, ends, plan.cancellation.refundable, checkIn, timeZone);
  if (!until)
    throw invalidField(
      '/type',
      'a hold is not possible: this rate would cost something to let go within half an hour; book it instant',
    );
  return until;
}

/** A hold of several rates lasts until the first of their deadlines. */
export function holdOfRates(plans: readonly Plan[], checkIn: string, timeZone: string, now: Date): Date {
  return new Date(Math.min(...plans.map((p) => holdDeadline(p, checkIn, timeZone, now).getTime())));
}

/**
 * What the request must bring for its rates: a payment for an instant booking of rates paid now, none
 * for a hold (paid later) or a stay paid at the hotel, which brings a card guarantee instead.
 */
export function checkSettlement(input: {
  paymentType: Plan['payment_type'];
  held: boolean;
  payment: unknown;
  guarantee: unknown;
}): void {
  const paidHere = input.paymentType === 'pay_now';
  if (input.held && input.payment)
    throw invalidField('/payment', 'must be left out of a hold: pay it with POST /pay_booking');
  if (paidHere && !input.payment && !input.held)
    throw invalidField('/payment', 'is required: this rate is paid when booked (or hold it and pay later)');
  if (!paidHere && input.payment)
    throw invalidField('/payment', 'must be left out: this rate is paid at the hotel');
  if (paidHere && input.guarantee)
    throw invalidField('/guarantee', 'must be left out: this rate is paid when booked, not guaranteed');
  if (!paidHere && !input.guarantee)
    throw invalidField('/guarantee', 'is required: a rate paid at the hotel is guaranteed by a card');
}
