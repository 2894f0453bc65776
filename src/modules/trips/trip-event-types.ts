import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { EventDefinitions, EventLog, ObjectsOf } from '../events/index.ts';
import type { TripRecord } from './trip-record.ts';
import { tripView } from './trip-view.ts';
import { TripSchema } from './trips.schemas.ts';

const trip = (description: string) => ({ description, object: TripSchema });

/** The events of trips: each carries the trip without its parts (each part tells its own events too). */
export const TRIP_EVENTS = {
  'trip.created': trip('A trip was booked: its flights and stay confirmed together, paid in one payment.'),
  'trip.changed': trip(
    'A trip took its flights’ new times; its stay moved to match when they called for it (new total).',
  ),
  'trip.cancelled': trip('A trip was cancelled: its flights and stay together, the refund in one payment.'),
} as const satisfies EventDefinitions;

declare module '../events/event-catalogue.ts' {
  interface EventObjects extends ObjectsOf<typeof TRIP_EVENTS> {}
}

/** Records a trip's change in the event log, in the change's transaction, with the trip as it is now. */
export function createTripTeller(deps: { events: EventLog; ids: IdGenerator }) {
  return (trx: Kysely<Database>, type: keyof typeof TRIP_EVENTS, trip: TripRecord, at: string) =>
    deps.events.record(trx, {
      id: deps.ids.ordered('evt'),
      type,
      at,
      object: tripView(trip),
      bookingId: trip.id,
      owner: { userId: trip.user_id, agencyId: trip.agency_id },
    });
}

export type TellTrip = ReturnType<typeof createTripTeller>;
