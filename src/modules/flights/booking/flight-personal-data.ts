import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { foldedNames } from '../../../shared/names.ts';
import type { FlightBookingRecord, StoredPassenger } from './flight-booking-record.ts';
import type { createFlightPersonalDataRepository } from './flight-personal-data-repository.ts';

/** What erasure leaves of a person: no name, birth date, document, loyalty or contact of theirs. */
export const ERASED = { given_name: 'Erased', family_name: 'Traveller', born_on: '1900-01-01' } as const;
export const ERASED_CONTACT = { email: 'erased@erased.invalid', phone: '+10000000000' } as const;

const LIVE = new Set(['held', 'confirmed', 'schedule_changed', 'disrupted']);

/** A passenger with nothing of the person left but what the sale needs (type, id, ticket). */
export function erasedPassenger(p: StoredPassenger): StoredPassenger {
  return { id: p.id, type: p.type, title: 'mx', gender: 'x', ...ERASED };
}

/**
 * A person's flight bookings for their data export (GDPR art. 15: everything, documents whole), the live
 * ones still to fly (which erasure waits for), and their erasure (art. 17): the bookings stay for the
 * accounts, with the people in them replaced.
 */
export function createFlightPersonalData(repository: ReturnType<typeof createFlightPersonalDataRepository>) {
  return {
    async exportOf(userId: string) {
      return (await repository.ofUser(userId)).map((b) => ({
        product: 'flight' as const,
        id: b.id,
        reference: b.reference,
        status: b.status,
        created_at: b.created_at,
        first_departure_at: b.first_departure_at,
        route: b.itinerary.slices.map((s) => `${s.origin}-${s.destination}`),
        passengers: b.passengers,
        contact: b.contact,
      }));
    },
    async travelAhead(userId: string, now: Date): Promise<string[]> {
      return (await repository.ofUser(userId))
        .filter((b) => LIVE.has(b.status) && b.first_departure_at > now.toISOString())
        .map((b) => b.reference);
    },
    async erase(trx: Kysely<Database>, userId: string): Promise<number> {
      const bookings: FlightBookingRecord[] = await repository.ofUser(userId, trx);
      for (const b of bookings) {
        const passengers = b.passengers.map(erasedPassenger);
        await repository.replacePeople(trx, {
          id: b.id,
          passengers,
          contact: { ...b.contact, ...ERASED_CONTACT },
          names: foldedNames(passengers),
        });
      }
      return bookings.length;
    },
  };
}

export type FlightPersonalData = ReturnType<typeof createFlightPersonalData>;
