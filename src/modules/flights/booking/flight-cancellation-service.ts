import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import { createSignedTokens } from '../../../http/signed-token.ts';
import type { Clock } from '../../../ports/clock.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import type { BookingPart, PartCancellationQuote } from '../../bookings/index.ts';
import type { BookingRelease } from './booking-release.ts';
import { refundFor } from './booking-rules.ts';
import { transition } from './booking-states.ts';
import { fullView } from './booking-view.ts';
import type { TellFlightBooking } from './flight-booking-events.ts';
import type { FlightBookingRecord } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import type { PartCancellations } from './part-cancellations.ts';
import type { FlightPart } from './partial-cancellation.ts';
import type { Ticketing } from './ticketing.ts';

export const QUOTE_TTL_SECONDS = 15 * 60;

/**
 * A traveller's cancellation, in two steps: a quote (the whole booking, or a part of it), then the
 * cancellation that must present it. Every status change is conditional on the version quoted, so a
 * booking's seats are released exactly once whatever runs concurrently.
 */
export function createFlightCancellationService(deps: {
  db: Kysely<Database>;
  bookings: FlightBookingsRepository;
  /** The booking's documents, shown with it. */
  ticketing: Pick<Ticketing, 'list'>;
  clock: Clock;
  release: BookingRelease;
  parts: PartCancellations;
  /** Records a change in the booking's history and the event log, in the change's transaction. */
  tell: TellFlightBooking;
  quoteKey: string;
}) {
  const { db, bookings, clock } = deps;
  const quotes = createSignedTokens<{
    booking_id: string;
    version: number;
    refund: number;
    expires: number;
    /** A part's quote: the passengers or slices it cancels. */
    part?: { passenger_ids?: string[]; slices?: number[] };
  }>(deps.quoteKey, 'cq');

  /** What cancelling the whole booking gives back now. */
  function wholeQuote(row: FlightBookingRecord) {
    const { itinerary, passengers } = row;
    return refundFor(
      {
        status: row.status,
        total: row.total_amount,
        tax: itinerary.price.tax_amount,
        seatedPassengers: passengers.filter((p) => p.type !== 'infant').length,
      },
      {
        refundable: itinerary.refund_terms.refundable,
        penaltyPerPassenger: itinerary.refund_terms.penalty_per_passenger,
      },
    );
  }

  async function visible(principal: Principal, id: string): Promise<FlightBookingRecord> {
    const row = await bookings.findVisible(visibilityOf(principal), { id });
    if (!row) throw new AppError('NOT_FOUND', 'No such booking');
    return row;
  }

  const partFrom = (part: BookingPart | undefined): FlightPart | undefined =>
    part?.passenger_ids !== undefined
      ? { passengerIds: part.passenger_ids }
      : part?.slices !== undefined
        ? { slices: part.slices }
        : undefined;
  const samePart = (a: BookingPart | undefined, b: BookingPart | undefined) =>
    JSON.stringify(a?.passenger_ids ?? null) === JSON.stringify(b?.passenger_ids ?? null) &&
    JSON.stringify(a?.slices ?? null) === JSON.stringify(b?.slices ?? null);

  /** Cancels the whole booking in `trx` if it is still at `version`: seats released, money given back, told. */
  async function cancelWhole(
    trx: Kysely<Database>,
    row: FlightBookingRecord,
    refund: number,
    version: number,
    now: Date,
  ): Promise<boolean> {
    const ok = await bookings.changeStatus(
      trx,
      row.id,
      row.status,
      'cancelled',
      { refund_amount: (row.refund_amount ?? 0) + refund, hold_expires_at: null },
      now.toISOString(),
      version,
    );
    if (!ok) return false;
    await deps.release.releaseSeats(trx, row.id);
    await deps.release.settleMoney(trx, row, refund, now.toISOString());
    await deps.tell(trx, row.id, 'flight_booking.cancelled', {
      type: 'cancelled',
      data: { refund_amount: refund, currency: row.currency },
      at: now.toISOString(),
    });
    return true;
  }

  return {
    /** A trip's flights: what cancelling them whole gives back now (the trip's owner asked). */
    async quoteWhole(id: string): Promise<PartCancellationQuote> {
      const row = (await bookings.findById(db, id))!;
      transition(row.status, 'cancel');
      const { refund, penalty } = wholeQuote(row);
      const altered = row.status === 'disrupted' || row.status === 'schedule_changed';
      return { refund, penalty, currency: row.currency, version: row.version, altered };
    },

    /** A trip's flights cancelled whole as quoted, in the trip's transaction; false when they changed. */
    async cancelWholeIn(trx: Kysely<Database>, id: string, quote: PartCancellationQuote, now: Date) {
      const row = (await bookings.findById(trx, id))!;
      if (row.version !== quote.version) return false;
      transition(row.status, 'cancel');
      return cancelWhole(trx, row, quote.refund, quote.version, now);
    },

    /**
     * What cancelling (the booking, or `part` of it: some passengers or the last slices) would refund now;
     * the quote id is valid 15 minutes and only for this version and part.
     */
    async quoteCancellation(principal: Principal, id: string, part?: BookingPart) {
      const row = await visible(principal, id);
      const now = clock.now();
      const wanted = partFrom(part);
      if (part?.passenger_ids !== undefined && part.slices !== undefined)
        throw invalidField(
          '/slices',
          'cannot be cancelled with passengers in one request: one part at a time',
        );
      const { refund, penalty } = wanted ? await deps.parts.partOf(row, wanted, now) : wholeQuote(row);
      const expires = Math.floor(now.getTime() / 1000) + QUOTE_TTL_SECONDS;
      const named = wanted ? { part: { passenger_ids: part?.passenger_ids, slices: part?.slices } } : {};
      return {
        quote_id: quotes.issue({ booking_id: row.id, version: row.version, refund, expires, ...named }),
        booking_id: row.id,
        passenger_ids: part?.passenger_ids ?? null,
        slices: part?.slices ?? null,
        refund_amount: refund,
        penalty_amount: penalty,
        currency: row.currency,
        expires_at: new Date(expires * 1000).toISOString(),
      };
    },

    /**
     * Cancels as quoted (the booking, or the part the quote names, sent again), releasing the seats; a
     * stale quote (expired, or the booking changed) is 410.
     */
    async cancelBooking(principal: Principal, id: string, quoteId: string, part?: BookingPart) {
      const row = await visible(principal, id);
      const quote = quotes.read(quoteId);
      if (!quote) throw invalidField('/quote_id', 'is not a quote from /quote_cancellation');
      const now = clock.now();
      if (quote.booking_id !== row.id) throw invalidField('/quote_id', 'is for another booking');
      if (!samePart(quote.part, part))
        throw invalidField(
          '/quote_id',
          'is for another part of the booking: send the passengers or slices it quoted',
        );
      const wanted = partFrom(part);
      transition(row.status, wanted ? 'cancel_part' : 'cancel');
      const refund = quote.refund;
      if (quote.version !== row.version || quote.expires * 1000 <= now.getTime()) {
        throw new AppError('QUOTE_EXPIRED', 'The quote expired or the booking changed; ask for a new one');
      }
      const done = wanted
        ? await deps.parts.cancelPart(row, wanted, refund, now)
        : await db.transaction().execute((trx) => cancelWhole(trx, row, refund, quote.version, now));
      if (!done)
        throw new AppError('QUOTE_EXPIRED', 'The booking changed while cancelling; ask for a new quote');
      const latest = (await bookings.findById(db, row.id))!;
      return fullView(latest, deps);
    },
  };
}

export type FlightCancellationService = ReturnType<typeof createFlightCancellationService>;
