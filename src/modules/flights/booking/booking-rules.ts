import type { FieldError } from '../../../http/app-error.ts';
import type { PassengerMix } from '../search/fare-rules.ts';
import { checkPassengerExtras, type LoyaltyAccount, type SpecialRequestCode } from './special-requests.ts';

export interface PassengerInput {
  type: 'adult' | 'child' | 'infant';
  title: string;
  given_name: string;
  family_name: string;
  gender: 'f' | 'm' | 'x';
  born_on: string;
  document?:
    | {
        type: 'passport' | 'identity_card';
        number: string;
        issuing_country: string;
        nationality: string;
        expires_on: string;
      }
    | undefined;
  /** IATA SSR codes: assistance and meals, passed to the operator at no charge. */
  special_requests?: SpecialRequestCode[] | undefined;
  loyalty_accounts?: LoyaltyAccount[] | undefined;
}

/** No traveller is older; a birth date that says otherwise is a typing error. */
export const MAX_AGE = 120;

/** Age in whole years on a date. */
export function ageOn(bornOn: string, date: string): number {
  const [by, bm, bd] = bornOn.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Checks the passengers against the offer: the same number of each type, each of an age that fits
 * its type (adult 12+, child 2–11 on the first flight, infant under 2 on the last), a valid travel
 * document for everyone when the trip crosses a border, and special requests that fit the traveller.
 */
export function checkPassengers(
  passengers: readonly PassengerInput[],
  mix: PassengerMix,
  trip: { firstDate: string; lastDate: string; international: boolean; today: string },
): FieldError[] {
  const errors: FieldError[] = [];
  const bad = (pointer: string, detail: string) => errors.push({ location: 'body', pointer, detail });
  const count = (type: PassengerInput['type']) => passengers.filter((p) => p.type === type).length;
  if (
    count('adult') !== mix.adults ||
    count('child') !== mix.children.length ||
    count('infant') !== mix.infants
  ) {
    bad(
      '/passengers',
      `must be the offer's ${mix.adults} adult(s), ${mix.children.length} child(ren) and ${mix.infants} infant(s)`,
    );
    return errors;
  }
  passengers.forEach((p, i) => {
    const pointer = `/passengers/${i}`;
    if (p.born_on > trip.today)
      bad(`${pointer}/born_on`, 'is in the future: travellers are booked once born');
    else if (p.born_on >= trip.firstDate) bad(`${pointer}/born_on`, 'must be before the first flight');
    const age = ageOn(p.born_on, trip.firstDate);
    if (age > MAX_AGE) bad(`${pointer}/born_on`, `makes the traveller older than ${MAX_AGE}`);
    if (p.type === 'adult' && age < 12)
      bad(`${pointer}/born_on`, 'an adult is 12 or older on the first flight');
    if (p.type === 'child' && (age < 2 || age > 11))
      bad(`${pointer}/born_on`, 'a child is 2 to 11 on the first flight');
    if (p.type === 'infant' && ageOn(p.born_on, trip.lastDate) >= 2)
      bad(`${pointer}/born_on`, 'an infant is under 2 on the last flight');
    if (trip.international) {
      if (!p.document) bad(`${pointer}/document`, 'is required: the trip crosses a border');
      else if (p.document.expires_on <= trip.lastDate)
        bad(`${pointer}/document/expires_on`, 'must be after the last flight');
    }
    errors.push(...checkPassengerExtras(p, pointer));
  });
  return errors;
}

/** Flight references are six characters; hotel references eight, so the two never collide. */
export const FLIGHT_REFERENCE_LENGTH = 6;
export const FLIGHT_BOOKING_ID_PREFIX = 'bkg';

/** A 13-digit e-ticket number: a three-digit airline prefix and ten digits. */
/** A hold lasts a day, but never past three hours before the first departure. */
export function holdDeadline(now: Date, firstDepartureAt: Date): Date {
  return new Date(Math.min(now.getTime() + 24 * 3_600_000, firstDepartureAt.getTime() - 3 * 3_600_000));
}

export interface CancellationTerms {
  refundable: boolean;
  penaltyPerPassenger: number;
}

/**
 * What cancelling gives back now: a hold costs nothing and was never paid; a disrupted booking (the
 * airline cancelled) is refunded whole; a refundable fare is refunded less its penalty per seated
 * passenger; a non-refundable fare returns only the taxes.
 */
export function refundFor(
  booking: { status: string; total: number; tax: number; seatedPassengers: number },
  terms: CancellationTerms,
): { refund: number; penalty: number } {
  if (booking.status === 'held') return { refund: 0, penalty: 0 };
  // The airline cancelled or retimed a flight: the traveller who will not fly gets everything back.
  if (booking.status === 'disrupted' || booking.status === 'schedule_changed')
    return { refund: booking.total, penalty: 0 };
  if (!terms.refundable) return { refund: booking.tax, penalty: booking.total - booking.tax };
  const penalty = Math.min(booking.total, terms.penaltyPerPassenger * booking.seatedPassengers);
  return { refund: booking.total - penalty, penalty };
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** Airlines allow correcting a misspelt name, not giving the ticket to someone else: 3 letters at most. */
export const MAX_NAME_CORRECTION = 3;
export function isNameCorrection(before: string, after: string): boolean {
  return distance(before.toUpperCase(), after.toUpperCase()) <= MAX_NAME_CORRECTION;
}
