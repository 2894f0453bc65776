import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { PaymentsService } from '../../payments/index.ts';
import type { SeatAssignmentsRepository } from '../ancillaries/seat-assignments-repository.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import { type FlightBookingRecord, saleOf } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import type { Ticketing } from './ticketing.ts';

/**
 * What ending a booking gives back, in the transaction that ends it: its places on every flight, the
 * seats its passengers chose, and its money (refunded, or what was set aside released) with its tickets
 * and EMDs. Cancelling and a hold's expiry share it.
 */
export function createBookingRelease(deps: {
  bookings: FlightBookingsRepository;
  seats: SeatInventoryRepository;
  seatAssignments: SeatAssignmentsRepository;
  payments: PaymentsService;
  ticketing: Ticketing;
}) {
  const { bookings, seats, payments } = deps;

  /**
   * Gives the booking's money back (or releases what was set aside) and its documents with it, in the
   * cancellation's transaction.
   */
  async function settleMoney(trx: Kysely<Database>, row: FlightBookingRecord, refund: number, now: string) {
    await deps.ticketing.refund(trx, row.id, {}, now);
    const payment = await payments.cancel(trx, saleOf(row.itinerary), refund, {
      bookingId: row.id,
      product: 'flight',
      description: `Flight booking ${row.reference} cancelled`,
      agencyId: row.agency_id,
    });
    if (payment) await bookings.setPayment(trx, row.id, payment, now);
  }
  /** Gives back the booking's places on every flight, and the seats its passengers chose. */
  async function releaseSeats(trx: Kysely<Database>, bookingId: string): Promise<void> {
    await deps.seatAssignments.release(trx, bookingId);
    for (const s of await bookings.segments(trx, bookingId)) {
      await seats.release(
        trx,
        { scheduleId: s.schedule_id, date: s.departure_date, cabin: s.cabin },
        s.seats,
      );
    }
  }

  return { settleMoney, releaseSeats };
}

export type BookingRelease = ReturnType<typeof createBookingRelease>;
