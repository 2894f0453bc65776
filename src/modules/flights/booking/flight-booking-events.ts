import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import type { BookingEvent } from '../../bookings/index.ts';
import type { EventLog, EventType } from '../../events/index.ts';
import { bookingView } from './booking-view.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';

/**
 * Tells a change of a flight booking, inside the change's transaction: one entry in the booking's
 * history and one event in the log carrying the booking as `GET /booking` shows it now (same id).
 */
export function createFlightBookingEvents(deps: {
  bookings: FlightBookingsRepository;
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
      object: bookingView(row, await deps.bookings.events(bookingId, trx)),
      bookingId,
      owner: { userId: row.user_id, agencyId: row.agency_id },
    });
  };
}

export type TellFlightBooking = ReturnType<typeof createFlightBookingEvents>;

/** Tells an operator's change of the inventory (admins only), inside the change's transaction. */
export function createOperatorEvents(deps: { log: EventLog; ids: IdGenerator }) {
  return async function announce(
    trx: Kysely<Database>,
    type: Extract<EventType, 'flight.cancelled' | 'flight_schedule.withdrawn'>,
    object: Record<string, unknown>,
    at: string,
  ): Promise<void> {
    await deps.log.record(trx, { id: deps.ids.ordered('evt'), type, at, object, owner: null });
  };
}

export type AnnounceOperatorEvent = ReturnType<typeof createOperatorEvents>;
