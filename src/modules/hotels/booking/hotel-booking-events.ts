import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import type { BookingEvent } from '../../bookings/index.ts';
import type { EventLog, EventType } from '../../events/index.ts';
import type { HotelBookingReads } from './hotel-booking-reads.ts';
import type { HotelBookingsRepository } from './hotel-bookings-repository.ts';

/**
 * Tells a change of a hotel booking, inside the change's transaction: one entry in the booking's
 * history and one event in the log carrying the booking as `GET /booking` shows it now (same id).
 */
export function createHotelBookingEvents(deps: {
  bookings: HotelBookingsRepository;
  reads: HotelBookingReads;
  log: EventLog;
  ids: IdGenerator;
}) {
  return async function tell(
    trx: Kysely<Database>,
    bookingId: string,
    type: EventType,
    history: BookingEvent,
  ): Promise<void> {
    const id = deps.ids.ordered('evt');
    await deps.bookings.addEvent(trx, id, bookingId, history);
    const row = await deps.bookings.findById(trx, bookingId);
    if (!row) throw new Error(`booking ${bookingId} is not there to tell of`);
    await deps.log.record(trx, {
      id,
      type,
      at: history.at,
      object: (await deps.reads.view(row, trx)).booking,
      bookingId,
      owner: { userId: row.user_id, agencyId: row.agency_id },
    });
  };
}

export type TellHotelBooking = ReturnType<typeof createHotelBookingEvents>;
