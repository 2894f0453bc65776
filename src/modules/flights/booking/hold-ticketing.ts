import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { Principal } from '../../auth/index.ts';
import type { BookingFrame } from '../../bookings/index.ts';
import type { PaymentInput, PaymentsService, Prepared } from '../../payments/index.ts';
import { transition } from './booking-states.ts';
import type { TellFlightBooking } from './flight-booking-events.ts';
import type { FlightBookingReads } from './flight-booking-reads.ts';
import { type FlightBookingRecord, saleOf } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import type { Ticketing } from './ticketing.ts';

/** Ticketing a hold: with the payment set aside when it was made, or one given now. */
export function createHoldTicketing(deps: {
  bookings: FlightBookingsRepository;
  clock: Clock;
  payments: PaymentsService;
  frame: BookingFrame<Prepared>;
  tell: TellFlightBooking;
  reads: FlightBookingReads;
  ticketing: Ticketing;
}) {
  const { bookings, clock, payments } = deps;

  /** The sale a booking's payment pays for. */
  const dueOf = (row: FlightBookingRecord) => saleOf(row.itinerary);

  /**
   * Tickets a hold in one transaction with taking its money: the payment given now (`pay_booking`) or
   * the one set aside when it was made (`confirm_booking`; 402 PAYMENT_REQUIRED if there is none).
   */
  async function ticketHold(principal: Principal, id: string, paymentInput: PaymentInput | undefined) {
    const row = await deps.reads.loadVisible(principal, { id });
    transition(row.status, 'confirm');
    const now = clock.now();
    if (row.hold_expires_at && row.hold_expires_at <= now.toISOString()) {
      throw new AppError('INVALID_STATE_TRANSITION', 'The hold has expired', {
        booking_status: 'expired',
        allowed_actions: [],
      });
    }
    if (paymentInput && row.payment)
      throw new AppError(
        'CONFLICT',
        'The hold already has a payment; confirm it with POST /confirm_booking',
        {
          payment_status: row.payment.status,
        },
      );
    const passengers = row.passengers;
    const due = dueOf(row);
    const purpose = {
      bookingId: id,
      product: 'flight',
      description: `Flight booking ${row.reference}`,
      agencyId: row.agency_id,
    };
    const prepared = paymentInput ? await payments.prepare(principal, paymentInput, due) : undefined;
    const changed = await deps.frame.change({
      prepared,
      run: async (trx) => {
        const ok = await bookings.changeStatus(
          trx,
          id,
          'held',
          'confirmed',
          { hold_expires_at: null },
          now.toISOString(),
        );
        if (!ok) return false;
        const payment = prepared
          ? await payments.settle(trx, prepared, due, purpose, true)
          : await payments.collect(trx, due, purpose);
        await bookings.setPayment(trx, id, payment, now.toISOString());
        const tickets = await deps.ticketing.issue(trx, { ...row, status: 'confirmed' }, now.toISOString());
        await bookings.setTickets(trx, id, tickets);
        await deps.tell(trx, id, 'flight_booking.confirmed', {
          type: 'confirmed',
          data: { tickets: passengers.length, payment_method: payment.method },
          at: now.toISOString(),
        });
        return true;
      },
      used: (ok) => ok,
    });
    const latest = await deps.reads.loadVisible(principal, { id });
    if (!changed) transition(latest.status, 'confirm');
    return deps.reads.view(latest);
  }

  return {
    /** Confirms a hold whose payment was given when it was made: the money is taken, tickets issued. */
    async confirmBooking(principal: Principal, id: string) {
      return ticketHold(principal, id, undefined);
    },

    /** Pays a hold that has no payment yet, and tickets it. */
    async payBooking(principal: Principal, id: string, payment: PaymentInput) {
      return ticketHold(principal, id, payment);
    },
  };
}

export type HoldTicketing = ReturnType<typeof createHoldTicketing>;
