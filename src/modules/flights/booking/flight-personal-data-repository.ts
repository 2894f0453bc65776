import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { Sealer } from '../../../shared/sealed-data.ts';
import {
  type FlightBookingRecord,
  flightBookingCodec,
  type StoredPassenger,
} from './flight-booking-record.ts';

/**
 * Seals every booking's passengers again with the current data key, those sealed with another (or not
 * at all) first: after a key rotation, so the old key can be dropped. A booking changed meanwhile is
 * left for the next run. How many were sealed again.
 */
export async function resealFlightBookings(
  db: Kysely<Database>,
  sealer: Pick<Sealer, 'seal' | 'open' | 'isCurrent'>,
): Promise<number> {
  const codec = flightBookingCodec(sealer);
  let done = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('flight_bookings')
      .select(['id', 'passengers', 'version'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    for (const row of rows) {
      const stored = JSON.parse(row.passengers) as Array<{ sealed?: string }>;
      if (stored.every((p) => p.sealed !== undefined && sealer.isCurrent(p.sealed))) continue;
      const passengers = codec.passengersOf(row.passengers);
      const result = await db
        .updateTable('flight_bookings')
        .set({ passengers: codec.encode({ passengers }).passengers! })
        .where('id', '=', row.id)
        .where('version', '=', row.version)
        .executeTakeFirst();
      done += Number(result.numUpdatedRows);
    }
    if (rows.length < 500) return done;
    after = rows.at(-1)!.id;
  }
}

/**
 * The people in flight bookings: a person's bookings for their export and erasure (GDPR art. 15 and 17,
 * flight-personal-data.ts), and travel documents past their retention (document-retention.ts).
 */
export function createFlightPersonalDataRepository(
  db: Kysely<Database>,
  sealer: Pick<Sealer, 'seal' | 'open'>,
) {
  const codec = flightBookingCodec(sealer);
  return {
    /**
     * A page, by id after `afterId`, of the bookings whose first flight left before `before` and whose
     * travel documents are still kept.
     */
    async documentsKept(before: string, afterId: string, limit: number): Promise<FlightBookingRecord[]> {
      const rows = await db
        .selectFrom('flight_bookings')
        .selectAll()
        .where('documents_purged_at', 'is', null)
        .where('first_departure_at', '<', before)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(codec.decode);
    },

    /** Its passengers as given (their documents gone), unless the booking changed since it was read. */
    async forgetDocuments(booking: FlightBookingRecord, passengers: StoredPassenger[], now: string) {
      const result = await db
        .updateTable('flight_bookings')
        .set((eb) => ({
          ...codec.encode({ passengers }),
          documents_purged_at: now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', booking.id)
        .where('version', '=', booking.version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async ofUser(userId: string, trx: Kysely<Database> = db): Promise<FlightBookingRecord[]> {
      const rows = await trx
        .selectFrom('flight_bookings')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return rows.map(codec.decode);
    },
    /** Writes a booking's passengers and contact as given, and the names it is found by. */
    async replacePeople(
      trx: Kysely<Database>,
      booking: Pick<FlightBookingRecord, 'id' | 'passengers' | 'contact' | 'names'>,
    ): Promise<void> {
      await trx
        .updateTable('flight_bookings')
        .set((eb) => ({
          ...codec.encode({ passengers: booking.passengers, contact: booking.contact }),
          names: booking.names,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', booking.id)
        .execute();
    },
  };
}
