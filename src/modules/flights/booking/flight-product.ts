import type { BookingProduct } from '../../bookings/index.ts';
import { FLIGHT_BOOKING_ID_PREFIX, FLIGHT_REFERENCE_LENGTH } from './booking-rules.ts';
import { createFlightBookingSearch } from './flight-booking-search.ts';
import type { FlightBookingService } from './flight-booking-service.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import type { FlightCancellationService } from './flight-cancellation-service.ts';
import { createFlightDocuments } from './flight-documents.ts';

/** Flight bookings as the booking desk knows them: their ids, reading, search, cancellation and papers. */
export function flightProduct(deps: {
  bookings: FlightBookingService;
  repository: FlightBookingsRepository;
  cancellations: FlightCancellationService;
}): BookingProduct {
  const { bookings, cancellations } = deps;
  return {
    name: 'flight',
    idPrefix: FLIGHT_BOOKING_ID_PREFIX,
    referenceLength: FLIGHT_REFERENCE_LENGTH,
    schemaId: 'FlightBooking',
    changedThrough: 'flight bookings change through /update_booking and /confirm_booking',
    parts: ['passenger_ids', 'slices'],
    get: bookings.getBooking,
    search: createFlightBookingSearch({ bookings: deps.repository }),
    quoteCancellation: async (p, id, part) => ({
      ...(await cancellations.quoteCancellation(p, id, part)),
      room_id: null,
    }),
    cancel: (p, id, quoteId, part) => cancellations.cancelBooking(p, id, quoteId, part),
    pay: bookings.payBooking,
    ...createFlightDocuments({ reads: bookings }),
  };
}
