/**
 * The event catalogue: every type the log holds, what it tells, and what `data.object` is. Names are
 * `<resource>.<what happened>`; a type is never renamed or removed within an API version.
 */
export const EVENT_TYPES = {
  'flight_booking.created': 'A flight booking was made, held (`status: held`) or confirmed and ticketed.',
  'flight_booking.confirmed': 'A held flight booking was paid for and ticketed.',
  'flight_booking.updated': 'The contact or passenger names of a flight booking changed.',
  'flight_booking.cancelled': 'A flight booking was cancelled; `refund_amount` says what is refunded.',
  'flight_booking.expired': 'A hold ran out before it was confirmed; its seats were released.',
  'flight_booking.changed':
    'A flight booking moved to other flights or dates (POST /change_booking), by choice or after the airline’s change.',
  'flight_booking.services_added':
    'Seats or extra bags were bought after the sale (or a passenger moved seat); the total and payment follow.',
  'flight_booking.partially_cancelled':
    'Some passengers or the last slices of a flight booking were cancelled; the booking goes on without ' +
    'them, its total and payment follow, and `cancelled_parts` says what each part gave back.',
  'flight_booking.disrupted':
    'The operator cancelled a flight of the booking or withdrew its schedule; the last event of its ' +
    '`events` says which flight and why.',
  'hotel_booking.created': 'A hotel booking was made and confirmed.',
  'hotel_booking.modified': 'A hotel booking’s dates, guests, holder or requests changed.',
  'hotel_booking.room_cancelled': 'Some rooms of a hotel booking were cancelled; the booking goes on.',
  'hotel_booking.cancelled': 'A hotel booking was cancelled (its last rooms).',
  'flight.retimed':
    'An operator moved one date of a flight to a new time (admins only). `data.object` is the flight date.',
  'flight_booking.schedule_changed':
    'The operator retimed a flight of the booking: a confirmed booking awaits the traveller’s answer ' +
    '(`schedule_change` has the old and new times); a hold simply shows the new times.',
  'flight_booking.schedule_change_accepted': 'The traveller accepted the new times of a retimed flight.',
  'flight.cancelled':
    'An operator cancelled one date of a flight (admins only). `data.object` is the flight date.',
  'webhook_endpoint.disabled':
    'An endpoint was switched off: a delivery to it failed for good (about three days of attempts) and ' +
    'none has succeeded since. `data.object` is the endpoint, with `disabled_reason`.',
  'webhook_endpoint.ping': 'Sent by POST /ping_webhook to one endpoint only. `data.object` is the endpoint.',
  'agency_account.topped_up':
    'Money an agency paid in was credited to its balance. `data.object` is the account, with `top_up`.',
  'agency_account.credit_limit_changed': 'An agency’s credit limit was set. `data.object` is the account.',
  'flight_schedule.changed':
    'A schedule import moved a schedule to another time or took dates off it (admins only); ' +
    '`changed_bookings` became `schedule_changed`, `disrupted_bookings` `disrupted`. `data.object` is the schedule.',
  'flight_schedule.withdrawn':
    'An operator withdrew a schedule from sale (admins only). `data.object` is the schedule.',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];
