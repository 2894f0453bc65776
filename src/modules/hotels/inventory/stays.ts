import { invalidField } from '../../../http/app-error.ts';
import { addDays, daysBetween, localDate } from '../../../shared/calendar.ts';

export const MAX_STAY_NIGHTS = 30;
export const HOTEL_HORIZON_DAYS = 365;

/** A stay starts today or later, within the horizon, and lasts 1 to MAX_STAY_NIGHTS nights. */
export function checkStayDates(checkIn: string, checkOut: string, now: Date): void {
  const today = now.toISOString().slice(0, 10);
  // A day of slack: it is already tomorrow somewhere, and the hotel's own date decides.
  if (daysBetween(addDays(today, -1), checkIn) < 0) throw invalidField('/check_in', 'is in the past');
  if (daysBetween(today, checkIn) > HOTEL_HORIZON_DAYS)
    throw invalidField('/check_in', `is more than ${HOTEL_HORIZON_DAYS} days ahead`);
  const nights = daysBetween(checkIn, checkOut);
  if (nights < 1) throw invalidField('/check_out', 'must be after check_in');
  if (nights > MAX_STAY_NIGHTS)
    throw invalidField('/check_out', `a stay is at most ${MAX_STAY_NIGHTS} nights`);
}

/** The nights of a stay: check-in up to the night before check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  return Array.from({ length: daysBetween(checkIn, checkOut) }, (_, i) => addDays(checkIn, i));
}

/**
 * Whether a stay can still be sold: its check-in date has not passed where the hotel is (a stay starting
 * today is sold all day, local time). The date checks above allow a day of slack for every zone; this is
 * the exact rule for one hotel.
 */
export function checkInOpen(checkIn: string, timeZone: string, now: Date): boolean {
  return localDate(now, timeZone) <= checkIn;
}
