import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import { createSignedTokens } from '../../http/signed-token.ts';
import type { Clock } from '../../ports/clock.ts';
import type { PartCancellationQuote, TripParts } from '../bookings/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { TellTrip } from './trip-event-types.ts';
import { type TripRecord, tripPurpose } from './trip-record.ts';
import { shareIn } from './trip-rules.ts';
import type { TripsRepository } from './trips-repository.ts';

export const TRIP_QUOTE_TTL_SECONDS = 15 * 60;

interface TripQuotePayload {
  trip_id: string;
  version: number;
  flight: PartCancellationQuote;
  hotel: PartCancellationQuote;
  refund: number;
  expires: number;
}

/**
 * A trip cancelled whole, in two steps like any booking: a quote combining both parts' rules (the
 * flights' refund, the stay's carried into the trip's currency at what it was sold for there), then the
 * cancellation presenting it: both parts cancelled, their seats and nights released, and the refund given
 * back through the trip's one payment, in one transaction. A part changed since the quote is 410.
 */
export function createTripCancellation(deps: {
  db: Kysely<Database>;
  trips: TripsRepository;
  flights: Pick<TripParts<unknown>, 'quote' | 'cancel'>;
  hotels: Pick<TripParts<unknown>, 'quote' | 'cancel'>;
  payments: PaymentsService;
  tell: TellTrip;
  clock: Clock;
  quoteKey: string;
}) {
  const { trips, clock } = deps;
  const quotes = createSignedTokens<TripQuotePayload>(deps.quoteKey, 'tcq');

  /**
   * What the trip gives back: each part's refund by its own rules (the stay's carried into the trip's
   * currency as it was sold); everything still paid when the operator changed a part (a flight cancelled
   * or retimed by the airline), as the Package Travel Directive has it (art. 11): the traveller leaves
   * without a termination fee, and what the stay's own terms keep is the seller's to bear.
   */
  const refundOf = (trip: TripRecord, flight: PartCancellationQuote, hotel: PartCancellationQuote) =>
    flight.altered || hotel.altered
      ? trip.total_amount - (trip.refund_amount ?? 0)
      : flight.refund + shareIn(hotel.refund, trip.parts.hotel_own.amount, trip.parts.hotel_amount);

  const confirmed = (trip: TripRecord) => {
    if (trip.status !== 'confirmed')
      throw new AppError(
        'INVALID_STATE_TRANSITION',
        `The trip is ${trip.status}; only a confirmed trip can be cancelled`,
      );
  };

  return {
    async quote(trip: TripRecord) {
      confirmed(trip);
      const now = clock.now();
      const flight = await deps.flights.quote(trip.flight_booking_id, now);
      const hotel = await deps.hotels.quote(trip.hotel_booking_id, now);
      const refund = refundOf(trip, flight, hotel);
      const expires = Math.floor(now.getTime() / 1000) + TRIP_QUOTE_TTL_SECONDS;
      return {
        quote_id: quotes.issue({ trip_id: trip.id, version: trip.version, flight, hotel, refund, expires }),
        booking_id: trip.id,
        room_id: null,
        passenger_ids: null,
        slices: null,
        refund_amount: refund,
        penalty_amount: trip.total_amount - (trip.refund_amount ?? 0) - refund,
        currency: trip.currency,
        expires_at: new Date(expires * 1000).toISOString(),
      };
    },

    async cancel(trip: TripRecord, quoteId: string) {
      confirmed(trip);
      const q = quotes.read(quoteId);
      if (!q) throw invalidField('/quote_id', 'is not a quote from /quote_cancellation');
      if (q.trip_id !== trip.id) throw invalidField('/quote_id', 'is for another booking');
      const now = clock.now();
      if (q.version !== trip.version || q.expires * 1000 <= now.getTime())
        throw new AppError('QUOTE_EXPIRED', 'The quote expired or the trip changed; ask for a new one');
      const at = now.toISOString();
      return deps.db.transaction().execute(async (trx) => {
        // A part changed since the quote (a schedule change, say) rolls the whole cancellation back.
        const parts =
          (await deps.flights.cancel(trx, trip.flight_booking_id, q.flight, now)) &&
          (await deps.hotels.cancel(trx, trip.hotel_booking_id, q.hotel, now));
        const payment = parts
          ? await deps.payments.cancel(trx, trip.parts.sale, q.refund, tripPurpose(trip, 'cancelled'))
          : undefined;
        const saved =
          parts &&
          (await trips.update(trx, trip.id, trip.version, {
            status: 'cancelled',
            refund_amount: (trip.refund_amount ?? 0) + q.refund,
            cancelled_at: at,
            updated_at: at,
            ...(payment ? { payment } : {}),
          }));
        if (!saved)
          throw new AppError('QUOTE_EXPIRED', 'The trip changed while cancelling; ask for a new quote');
        const after = (await trips.findById(trx, trip.id))!;
        await deps.tell(trx, 'trip.cancelled', after, at);
        return after;
      });
    },
  };
}

export type TripCancellation = ReturnType<typeof createTripCancellation>;
