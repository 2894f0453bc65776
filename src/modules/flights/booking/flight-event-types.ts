import Type from 'typebox';
import type { EventDefinitions, ObjectsOf } from '../../events/index.ts';
import { FlightBookingSchema } from './flight-booking.schemas.ts';

const LocalDate = Type.String({ format: 'date' });
const References = (description: string) => Type.Array(Type.String(), { description });
const Flight = {
  flight_id: Type.String({ description: 'The schedule' }),
  carrier: Type.String(),
  flight_number: Type.Integer(),
};

/** `flight.cancelled`: one date of a flight an operator cancelled. */
export const FlightCancellationSchema = Type.Object(
  {
    ...Flight,
    departure_date: LocalDate,
    already_cancelled: Type.Boolean(),
    disrupted_bookings: References('Now `disrupted`'),
    reason: Type.String(),
  },
  { $id: 'FlightCancellation' },
);

/** `flight.retimed`: one date of a flight an operator moved to a new time. */
export const FlightRetimeSchema = Type.Object(
  {
    ...Flight,
    departure_date: LocalDate,
    departure_time: Type.String({ description: 'Local time at the origin, HH:MM' }),
    duration_minutes: Type.Integer(),
    changed_bookings: References('Now `schedule_changed`'),
    reason: Type.String(),
  },
  { $id: 'FlightRetime' },
);

const ScheduleTimes = Type.Object({
  departure_time: Type.String(),
  duration_minutes: Type.Integer(),
  days_of_week: Type.String(),
  valid_to: LocalDate,
});

/** `flight_schedule.changed`: a schedule an import moved or shortened. */
export const FlightScheduleChangeSchema = Type.Object(
  {
    ...Flight,
    origin: Type.String(),
    destination: Type.String(),
    previous: ScheduleTimes,
    current: ScheduleTimes,
    changed_bookings: References('Now `schedule_changed`'),
    disrupted_bookings: References('Now `disrupted`'),
  },
  { $id: 'FlightScheduleChange' },
);

/** `flight_schedule.withdrawn`: a schedule an operator took off sale. */
export const FlightScheduleWithdrawalSchema = Type.Object(
  {
    ...Flight,
    origin: Type.String(),
    destination: Type.String(),
    already_withdrawn: Type.Boolean(),
    disrupted_bookings: References('Now `disrupted`'),
    reason: Type.String(),
  },
  { $id: 'FlightScheduleWithdrawal' },
);

const booking = (description: string) => ({ description, object: FlightBookingSchema });

/** The events of flights: a booking's changes (its owner hears of them) and operators' (admins only). */
export const FLIGHT_EVENTS = {
  'flight_booking.created': booking(
    'A flight booking was made, held (`status: held`) or confirmed and ticketed.',
  ),
  'flight_booking.confirmed': booking('A held flight booking was paid for and ticketed.'),
  'flight_booking.updated': booking('The contact or passenger names of a flight booking changed.'),
  'flight_booking.cancelled': booking(
    'A flight booking was cancelled; `refund_amount` says what is refunded.',
  ),
  'flight_booking.expired': booking('A hold ran out before it was confirmed; its seats were released.'),
  'flight_booking.changed': booking(
    'A flight booking moved to other flights or dates (POST /change_booking), by choice or after the airline’s change.',
  ),
  'flight_booking.services_added': booking(
    'Seats or extra bags were bought after the sale (or a passenger moved seat); the total and payment follow.',
  ),
  'flight_booking.partially_cancelled': booking(
    'Some passengers or the last slices of a flight booking were cancelled; the booking goes on without ' +
      'them, its total and payment follow, and `cancelled_parts` says what each part gave back.',
  ),
  'flight_booking.disrupted': booking(
    'The operator cancelled a flight of the booking or withdrew its schedule; the last event of its ' +
      '`events` says which flight and why.',
  ),
  'flight_booking.schedule_changed': booking(
    'The operator retimed a flight of the booking: a confirmed booking awaits the traveller’s answer ' +
      '(`schedule_change` has the old and new times); a hold simply shows the new times.',
  ),
  'flight_booking.schedule_change_accepted': booking(
    'The traveller accepted the new times of a retimed flight.',
  ),
  'flight.retimed': {
    description: 'An operator moved one date of a flight to a new time.',
    object: FlightRetimeSchema,
    audience: 'admins',
  },
  'flight.cancelled': {
    description: 'An operator cancelled one date of a flight.',
    object: FlightCancellationSchema,
    audience: 'admins',
  },
  'flight_schedule.changed': {
    description:
      'A schedule import moved a schedule to another time or took dates off it; `changed_bookings` became ' +
      '`schedule_changed`, `disrupted_bookings` `disrupted`.',
    object: FlightScheduleChangeSchema,
    audience: 'admins',
  },
  'flight_schedule.withdrawn': {
    description: 'An operator withdrew a schedule from sale.',
    object: FlightScheduleWithdrawalSchema,
    audience: 'admins',
  },
} as const satisfies EventDefinitions;

export const FLIGHT_EVENT_SCHEMAS = [
  FlightCancellationSchema,
  FlightRetimeSchema,
  FlightScheduleChangeSchema,
  FlightScheduleWithdrawalSchema,
];

declare module '../../events/event-catalogue.ts' {
  interface EventObjects extends ObjectsOf<typeof FLIGHT_EVENTS> {}
}
