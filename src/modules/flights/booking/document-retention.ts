import type { FlightBookingRecord, StoredPassenger } from './flight-booking-record.ts';
import type { createFlightPersonalDataRepository } from './flight-personal-data-repository.ts';

const DAY_MS = 86_400_000;
const BATCH = 200;

/** The day a booking's travel ends: its last slice's departure day, a day on for a night's flight. */
export function travelEnds(booking: Pick<FlightBookingRecord, 'itinerary'>): string {
  const last = booking.itinerary.slices.at(-1)!;
  return new Date(Date.parse(`${last.departure_date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** A booking's passengers with their document numbers gone (a passenger without one is left as is). */
export function withoutDocuments(passengers: readonly StoredPassenger[]): StoredPassenger[] {
  return passengers.map(({ document: _gone, ...rest }) => rest);
}

/**
 * Deletes the travel documents of bookings whose travel ended more than `days` days ago (the booking
 * keeps names, birth dates, tickets and money: what accounting needs). A booking changed while this runs
 * is left for the next run.
 */
export function createDocumentRetention(deps: {
  bookings: Pick<ReturnType<typeof createFlightPersonalDataRepository>, 'documentsKept' | 'forgetDocuments'>;
  days: number;
}) {
  return async function forgetPastDocuments(now: Date): Promise<number> {
    if (deps.days <= 0) return 0;
    const cutoff = new Date(now.getTime() - deps.days * DAY_MS).toISOString();
    let forgotten = 0;
    let after = '';
    for (;;) {
      const page = await deps.bookings.documentsKept(cutoff, after, BATCH);
      for (const booking of page)
        if (travelEnds(booking) <= cutoff.slice(0, 10))
          if (
            await deps.bookings.forgetDocuments(
              booking,
              withoutDocuments(booking.passengers),
              now.toISOString(),
            )
          )
            forgotten++;
      if (page.length < BATCH) return forgotten;
      after = page.at(-1)!.id;
    }
  };
}
