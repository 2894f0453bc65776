import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import type { AuditLog } from '../../audit/index.ts';
import { createBookingTeller, type TellBooking } from '../../bookings/index.ts';
import type { EventLog, EventObjects, EventType } from '../../events/index.ts';
import { fullView } from './booking-view.ts';
import type { FlightBookingRecord } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import type { Ticketing } from './ticketing.ts';

/** The events of a flight booking's changes. */
export type FlightBookingEventType = Extract<EventType, `flight_booking.${string}`>;
export type TellFlightBooking = TellBooking<FlightBookingEventType>;

/** Tells a change of a flight booking: its history, and the event with the booking as shown now. */
export function createFlightBookingEvents(deps: {
  bookings: FlightBookingsRepository;
  ticketing: Pick<Ticketing, 'list'>;
  log: EventLog;
  ids: IdGenerator;
}): TellFlightBooking {
  return createBookingTeller<FlightBookingRecord, FlightBookingEventType>({
    addHistory: deps.bookings.addEvent,
    load: deps.bookings.findById,
    render: async (trx, row) => (await fullView(row, deps, trx)).booking,
    log: deps.log,
    ids: deps.ids,
  });
}

/** The events of an operator's change of the inventory (admins only). */
type OperatorEventType =
  | 'flight.cancelled'
  | 'flight.retimed'
  | 'flight_schedule.withdrawn'
  | 'flight_schedule.changed';

/** Tells an operator's change of the inventory (admins only), inside the change's transaction. */
export function createOperatorEvents(deps: {
  log: EventLog;
  ids: IdGenerator;
  audit: Pick<AuditLog, 'record'>;
}) {
  return async function announce<T extends OperatorEventType>(
    trx: Kysely<Database>,
    type: T,
    object: EventObjects[T],
    at: string,
  ): Promise<void> {
    await deps.log.record(trx, { id: deps.ids.ordered('evt'), type, at, object, owner: null });
    // An operator's action on the network: in the audit log too, by whoever did it.
    const flight = (object as { flight_id?: unknown }).flight_id;
    await deps.audit.record(
      {
        action: type,
        ...(typeof flight === 'string' ? { target: { type: 'flight', id: flight } } : {}),
        after: object,
      },
      trx,
    );
  };
}

export type AnnounceOperatorEvent = ReturnType<typeof createOperatorEvents>;
