import type { preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { TripsRepository } from './trips-repository.ts';

/**
 * The operations that would change a booking's places or money on its own. A booking that is part of a
 * trip was paid by the trip's one payment, so none of them applies to it: they answer 409 PART_OF_TRIP
 * naming the trip (which is cancelled whole). Reading it, its documents and its contact details stay open.
 */
export const CHANGES_OF_A_PART = [
  '/accept_schedule_change',
  '/add_services',
  '/cancel_booking',
  '/change_booking',
  '/charge_hotel_guarantee',
  '/confirm_booking',
  '/modify_hotel_booking',
  '/pay_booking',
  '/quote_cancellation',
  '/search_changes',
];

/** A hook refusing CHANGES_OF_A_PART for a booking that belongs to a trip. */
export function partOfTripGuard(trips: Pick<TripsRepository, 'tripOf'>): preHandlerAsyncHookHandler {
  const guarded = new Set(CHANGES_OF_A_PART);
  return async (request) => {
    if (request.method !== 'POST' || !guarded.has(request.routeOptions.url ?? '')) return;
    const id = (request.body as { booking_id?: unknown } | undefined)?.booking_id;
    if (typeof id !== 'string' || id.startsWith('trp_')) return;
    const trip = await trips.tripOf(id);
    if (trip)
      throw new AppError(
        'PART_OF_TRIP',
        `The booking is part of trip ${trip.reference}; quote and cancel the trip (${trip.id}) instead`,
        { trip_id: trip.id },
      );
  };
}
