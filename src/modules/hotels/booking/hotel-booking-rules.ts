import type { FieldError } from '../../../http/app-error.ts';
import { localToInstant } from '../../../shared/calendar.ts';
import { foldedNames } from '../../../shared/names.ts';

export interface GuestInput {
  given_name: string;
  family_name: string;
  /** A child's age on arrival; absent for adults. */
  age?: number | undefined;
}

export interface RoomGuestsInput {
  guests: GuestInput[];
  special_requests?: string | undefined;
}

type Occupancy = { adults: number; children: number[] };

/**
 * Every room lists its guests: as many adults (no age) as the rate was searched for, and one child
 * per searched child age, with that age.
 */
export function checkGuests(
  rooms: readonly RoomGuestsInput[],
  occupancy: readonly Occupancy[],
): FieldError[] {
  const errors: FieldError[] = [];
  const bad = (pointer: string, detail: string) => errors.push({ location: 'body', pointer, detail });
  if (rooms.length !== occupancy.length) {
    bad('/rooms', `must list the ${occupancy.length} room(s) of the rate`);
    return errors;
  }
  rooms.forEach((room, i) => {
    const want = occupancy[i]!;
    const adults = room.guests.filter((g) => g.age === undefined).length;
    const ages = room.guests
      .filter((g) => g.age !== undefined)
      .map((g) => g.age!)
      .sort((a, b) => a - b);
    const wanted = [...want.children].sort((a, b) => a - b);
    if (adults !== want.adults || ages.join(',') !== wanted.join(',')) {
      bad(
        `/rooms/${i}/guests`,
        `must be ${want.adults} adult(s)${wanted.length ? ` and children aged ${wanted.join(', ')}` : ''}, as searched`,
      );
    }
  });
  return errors;
}

/** The names a booking search finds a hotel booking by: the holder's and every guest's. */
export function searchableNames(
  holder: { given_name: string; family_name: string },
  rooms: ReadonlyArray<{ guests: ReadonlyArray<{ given_name: string; family_name: string }> }>,
): string {
  return foldedNames([holder, ...rooms.flatMap((r) => r.guests)]);
}

/**
 * The stay has begun once the check-in date starts in the hotel's zone: from then on the booking can
 * no longer be cancelled through the API or moved to other dates (the hotel handles no-shows and early
 * departures).
 */
export function stayHasBegun(checkIn: string, timeZone: string, now: Date): boolean {
  return now.getTime() >= localToInstant(checkIn, '00:00', timeZone).getTime();
}

/** How long a hotel hold lasts at most, and the least time left that is worth holding. */
export const HOLD_HOURS = 24;
export const HOLD_LEAST_MINUTES = 30;
/** A non-refundable rate's hold ends this long before the check-in day, so its rooms can still sell. */
export const NON_REFUNDABLE_HOLD_LEAD_HOURS = 72;

/**
 * Until when a rate's rooms may be kept unpaid: a day at most, and never past the moment the rate would
 * cost something to let go, so a released hold owes nobody anything: for a refundable rate, the end of its
 * free cancellation (the check-in day if cancelling is always free); for a non-refundable one, 72 hours
 * before the check-in day begins in the hotel's zone. Null when less than half an hour would be left:
 * such a rate is booked and paid at once.
 */
export function hotelHoldDeadline(
  now: Date,
  freeCancellationEnds: Date | null,
  refundable: boolean,
  checkIn: string,
  timeZone: string,
): Date | null {
  const arrival = localToInstant(checkIn, '00:00', timeZone).getTime();
  const costsFrom = refundable
    ? (freeCancellationEnds?.getTime() ?? arrival)
    : arrival - NON_REFUNDABLE_HOLD_LEAD_HOURS * 3_600_000;
  const until = Math.min(now.getTime() + HOLD_HOURS * 3_600_000, costsFrom);
  return until - now.getTime() < HOLD_LEAST_MINUTES * 60_000 ? null : new Date(until);
}

/** Whether a card is still valid on the check-out date (a card is good to the end of its expiry month). */
export function coversStay(card: { exp_month: number; exp_year: number }, checkOut: string): boolean {
  const [year, month] = checkOut.split('-').map(Number) as [number, number];
  return card.exp_year * 12 + card.exp_month >= year * 12 + month;
}
