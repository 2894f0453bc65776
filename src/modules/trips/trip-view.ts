import type { TripRecord } from './trip-record.ts';
import type { TripView } from './trips.schemas.ts';

/** A trip as the API shows it; `parts` are the two bookings as they are now, when read with it. */
export function tripView(
  trip: TripRecord,
  parts?: TripView['parts'],
  scheduleChange?: TripView['schedule_change'],
): TripView {
  return {
    id: trip.id,
    product: 'trip',
    reference: trip.reference,
    status: trip.status,
    total_amount: trip.total_amount,
    currency: trip.currency,
    refund_amount: trip.refund_amount,
    flight_booking_id: trip.flight_booking_id,
    hotel_booking_id: trip.hotel_booking_id,
    hotel_amount: { amount: trip.parts.hotel_amount, currency: trip.currency },
    contact: { email: trip.contact.email, phone: trip.contact.phone },
    payment: trip.payment as TripView['payment'],
    allowed_actions:
      trip.status !== 'confirmed'
        ? []
        : scheduleChange?.total_amount != null
          ? ['cancel', 'accept_schedule_change']
          : ['cancel'],
    ...(scheduleChange ? { schedule_change: scheduleChange } : {}),
    ...(parts ? { parts } : {}),
    created_at: trip.created_at,
    updated_at: trip.updated_at,
    cancelled_at: trip.cancelled_at,
  };
}

/** A trip's ETag: its version. */
export const tripEtag = (trip: Pick<TripRecord, 'version'>) => `"v${trip.version}"`;
