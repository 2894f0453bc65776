import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import { createBookingTeller, type TellBooking } from '../../bookings/index.ts';
import type { EventLog, EventType } from '../../events/index.ts';
import { bookingView } from './booking-view.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';

/** Tells a change of a flight booking: its history, and the event with the booking as shown now. */
export function createFlightBookingEvents(deps: {
  bookings: FlightBookingsRepository;
  log: EventLog;
  ids: IdGenerator;
}): TellBooking {
  return createBookingTeller({
    addHistory: deps.bookings.addEvent,
    load: deps.bookings.findById,
    render: async (trx, row) => bookingView(row, await deps.bookings.events(row.id, trx)),
    log: deps.log,
    ids: deps.ids,
  });
}

export type TellFlightBooking = TellBooking;

/** Tells an operator's change of the inventory (admins only), inside the change's transaction. */
export function createOperatorEvents(deps: { log: EventLog; ids: IdGenerator }) {
  return async function announce(
    trx: Kysely<Database>,
    type: Extract<
      EventType,
      'flight.cancelled' | 'flight.retimed' | 'flight_schedule.withdrawn' | 'flight_schedule.changed'
    >,
    object: Record<string, unknown>,
    at: string,
  ): Promise<void> {
    await deps.log.record(trx, { id: deps.ids.ordered('evt'), type, at, object, owner: null });
  };
}

export type AnnounceOperatorEvent = ReturnType<typeof createOperatorEvents>;
