import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { Principal } from '../../auth/index.ts';
import type { BookingFrame, DraftedPart } from '../../bookings/index.ts';
import type { Prepared } from '../../payments/index.ts';
import { FLIGHT_REFERENCE_LENGTH } from './booking-rules.ts';
import { createBookingUpdates } from './booking-updates.ts';
import type { BookFlightRequest } from './flight-booking.schemas.ts';
import { createFlightBookingDraft, type FlightBookingDraftDeps } from './flight-booking-draft.ts';
import { createFlightBookingReads } from './flight-booking-reads.ts';
import { saleOf } from './flight-booking-record.ts';
import { createHoldTicketing } from './hold-ticketing.ts';

/**
 * Flight bookings: placing one (seats taken in the booking's transaction) here; reading, ticketing a hold
 * and editing in their own files, composed into one service.
 */
export function createFlightBookingService(
  deps: FlightBookingDraftDeps & {
    db: Kysely<Database>;
    /** Expires a hold whose deadline passed, so a read never shows a stale `held`. */
    expireHold: (id: string) => Promise<boolean>;
    /** Runs each booking step: once per key, a fresh reference, one transaction, the payment given up on failure. */
    frame: BookingFrame<Prepared>;
  },
) {
  const { bookings, clock, payments } = deps;
  const reads = createFlightBookingReads({
    bookings,
    ticketing: deps.ticketing,
    clock,
    expireHold: deps.expireHold,
  });
  const holds = createHoldTicketing({ ...deps, reads });
  const updates = createBookingUpdates({ ...deps, reads });
  const { view } = reads;

  const draft = createFlightBookingDraft(deps);

  return {
    getBooking: reads.getBooking,
    /** A booking as GET /booking shows it, whoever asks (a trip shows its part to the trip's owner). */
    viewById: async (id: string) => view((await bookings.findById(deps.db, id))!),
    listBookings: reads.listBookings,
    confirmBooking: holds.confirmBooking,
    payBooking: holds.payBooking,
    updateBooking: updates.updateBooking,
    /**
     * Books an offer. In one transaction: take the seats of every flight (or none), price them from
     * the seats sold before this sale, and refuse with PRICE_CHANGED if that differs from what the
     * client expects to pay. A sold-out flight is NO_AVAILABILITY; nothing is left half-done.
     */
    async placeBooking(principal: Principal, input: BookFlightRequest, idempotencyKey: string | null = null) {
      // A retry of a booking that committed but whose answer was never kept: answer with that booking.
      const made = idempotencyKey && (await bookings.findByIdempotencyKey(principal.userId, idempotencyKey));
      if (made) return view(made);
      const drafted = await draft(principal, input, false);
      const paymentInput = input.payment;
      const expected = input.expected_total;
      // A card is authorized before the transaction (it calls out); the balance is debited inside it.
      const prepared: Prepared | undefined = paymentInput
        ? await payments.prepare(principal, paymentInput, {
            total: expected.amount,
            tax: 0,
            currency: expected.currency,
          })
        : undefined;
      // Another request with the same key may have made the booking: this one's payment is then not used.
      const row = await deps.frame.create({
        prepared,
        existing: () =>
          idempotencyKey ? bookings.findByIdempotencyKey(principal.userId, idempotencyKey) : undefined,
        referenceLength: FLIGHT_REFERENCE_LENGTH,
        run: (trx, reference) => drafted.place(trx, reference, prepared, idempotencyKey),
        madeHere: (made) => made.id === drafted.bookingId,
      });
      return view(row);
    },

    /** A booking drafted for a trip: checked and priced now, placed in the trip's transaction, paid by it. */
    async draftForTrip(principal: Principal, input: BookFlightRequest): Promise<DraftedPart> {
      const drafted = await draft(principal, input, true);
      return {
        id: drafted.bookingId,
        referenceLength: FLIGHT_REFERENCE_LENGTH,
        expected: input.expected_total,
        async place(trx, reference) {
          const record = await drafted.place(trx, reference, undefined, null);
          return { id: record.id, reference: record.reference, sale: saleOf(record.itinerary) };
        },
      };
    },
  };
}

export type FlightBookingService = ReturnType<typeof createFlightBookingService>;
