import type { IdGenerator } from '../../../ports/ids.ts';
import { createBookingTeller, type TellBooking } from '../../bookings/index.ts';
import type { EventLog } from '../../events/index.ts';
import type { HotelBookingReads } from './hotel-booking-reads.ts';
import type { HotelBookingsRepository } from './hotel-bookings-repository.ts';

/** Tells a change of a hotel booking: its history, and the event with the booking as shown now. */
export function createHotelBookingEvents(deps: {
  bookings: HotelBookingsRepository;
  reads: HotelBookingReads;
  log: EventLog;
  ids: IdGenerator;
}): TellBooking {
  return createBookingTeller({
    addHistory: deps.bookings.addEvent,
    load: deps.bookings.findById,
    render: async (trx, row) => (await deps.reads.view(row, trx)).booking,
    log: deps.log,
    ids: deps.ids,
  });
}

export type TellHotelBooking = TellBooking;
