import type { EventDefinitions, ObjectsOf } from '../events/index.ts';
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
