import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

/** Something that happened to a booking, of any product: shown in its details, oldest first. */
export interface BookingEvent {
  type: string;
  data: Record<string, unknown>;
  at: string;
}

/** The event log every product's bookings share; `data` is stored as JSON and read back here only. Event ids are time-ordered, so id order is time order. */
export function createBookingEventsRepository(db: Kysely<Database>) {
  return {
    async add(trx: Kysely<Database>, id: string, bookingId: string, event: BookingEvent): Promise<void> {
      await trx
        .insertInto('booking_events')
        .values({
          id,
          booking_id: bookingId,
          type: event.type,
          data: JSON.stringify(event.data),
          created_at: event.at,
        })
        .execute();
    },

    /** A booking's history; `executor` is a transaction when read inside one. */
    async of(bookingId: string, executor: Kysely<Database> = db): Promise<BookingEvent[]> {
      const rows = await executor
        .selectFrom('booking_events')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        type: r.type,
        data: JSON.parse(r.data) as Record<string, unknown>,
        at: r.created_at,
      }));
    },
  };
}
