import type { EventDefinitions, ObjectsOf } from '../../events/index.ts';
import { HotelBookingSchema } from './hotel-booking-view.schemas.ts';

const booking = (description: string) => ({ description, object: HotelBookingSchema });

/** The events of hotels: a booking's changes, which its owner hears of. */
export const HOTEL_EVENTS = {
  'hotel_booking.created': booking(
    'A hotel booking was made: confirmed, or held unpaid until `hold_expires_at`.',
  ),
  'hotel_booking.confirmed': booking('A held hotel booking was paid; its rooms are confirmed.'),
  'hotel_booking.expired': booking('A hold ran out before it was paid; its rooms were released.'),
  'hotel_booking.guarantee_charged': booking(
    'The hotel charged a stay’s guarantee card for a no-show or a late cancellation (its `payment`).',
  ),
  'hotel_booking.modified': booking('A hotel booking’s dates, guests, holder or requests changed.'),
  'hotel_booking.room_cancelled': booking(
    'Some rooms of a hotel booking were cancelled; the booking goes on.',
  ),
  'hotel_booking.cancelled': booking('A hotel booking was cancelled (its last rooms).'),
} as const satisfies EventDefinitions;

declare module '../../events/event-catalogue.ts' {
  interface EventObjects extends ObjectsOf<typeof HOTEL_EVENTS> {}
}
