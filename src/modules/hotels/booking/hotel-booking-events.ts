import type { IdGenerator } from '../../../ports/ids.ts';
import { createBookingTeller, type TellBooking } from '../../bookings/index.ts';
import type { EventLog, EventType } from '../../events/index.ts';
import type { HotelBookingReads } from './hotel-booking-reads.ts';
import type { HotelBookingRecord } from './hotel-booking-record.ts';
import type { HotelBookingsRepository } from './hotel-bookings-repository.ts';

/** The events of a hotel booking's changes. */
export type HotelBookingEventType = Extract<EventType, `hotel_booking.${string}`>;
export type TellHotelBooking = TellBooking<HotelBookingEventType>;

/** Tells a change of a hotel booking: its history, and the event with the booking as shown now. */
export function createHotelBookingEvents(deps: {
  bookings: HotelBookingsRepository;
  reads: HotelBookingReads;
  log: EventLog;
  ids: IdGenerator;
}): TellHotelBooking {
  return createBookingTeller<HotelBookingRecord, HotelBookingEventType>({
    addHistory: deps.bookings.addEvent,
    load: deps.bookings.findById,
    render: async (trx, row) => (await deps.reads.view(row, trx)).booking,
    log: deps.log,
    ids: deps.ids,
  });
}
