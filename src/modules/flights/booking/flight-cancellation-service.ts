import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion } from '../../../db/versioned-cache.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import { createSignedTokens } from '../../../http/signed-token.ts';
import type { Clock } from '../../../ports/clock.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import type { PaymentsService } from '../../payments/index.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { NetworkRepository } from '../inventory/network-repository.ts';
import { scheduledOn } from '../inventory/schedule-dates.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import type { SeatAssignmentsRepository } from '../seats/seat-assignments-repository.ts';
import { refundFor } from './booking-rules.ts';
import { transition } from './booking-states.ts';
import { bookingView, etagOf } from './booking-view.ts';
import type { AnnounceOperatorEvent, TellFlightBooking } from './flight-booking-events.ts';
import { type FlightBookingRecord, saleOf } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';

export const QUOTE_TTL_SECONDS = 15 * 60;

/**
 * Cancellation in two steps (a quote, then the cancellation that must present it), hold expiry and
 * the disruption of bookings when an operator cancels a flight. Every status change is conditional on
 * the status read, so a booking's seats are released exactly once whatever runs concurrently.
 */
export function createFlightCancellationService(deps: {
  db: Kysely<Database>;
  bookings: FlightBookingsRepository;
  seats: SeatInventoryRepository;
  seatAssignments: SeatAssignmentsRepository;
  network: NetworkRepository;
  clock: Clock;
  /** Records a change in the booking's history and the event log, in the change's transaction. */
  tell: TellFlightBooking;
  /** Records an operator's change of the inventory in the event log. */
  announce: AnnounceOperatorEvent;
  quoteKey: string;
  payments: PaymentsService;
}) {
  const { db, bookings, seats, clock, payments } = deps;

  /** Gives the booking's money back (or releases what was set aside), in the cancellation's transaction. */
  async function settleMoney(trx: Kysely<Database>, row: FlightBookingRecord, refund: number, now: string) {
    const payment = await payments.cancel(
      trx,
      saleOf(row.itinerary),
      refund,
      {
        bookingId: row.id,
        product: 'flight',
        description: `Flight booking ${row.reference} cancelled`,
        agencyId: row.agency_id,
      },
      true,
    );
    if (payment) await bookings.setPayment(trx, row.id, payment, now);
  }
  const quotes = createSignedTokens<{ booking_id: string; version: number; refund: number; expires: number }>(
    deps.quoteKey,
    'cq',
  );

  function quoteFor(row: FlightBookingRecord) {
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

  /** Marks live bookings disrupted, each once, with an event naming the flight and the reason. */
  async function disrupt(
    trx: Kysely<Database>,
    live: FlightBookingRecord[],
    flight: string,
    reason: string,
    now: string,
  ): Promise<string[]> {
    const references: string[] = [];
    for (const b of live) {
      if (await bookings.changeStatus(trx, b.id, b.status, 'disrupted', { hold_expires_at: null }, now)) {
        await deps.tell(trx, b.id, 'flight_booking.disrupted', {
          type: 'disrupted',
          data: { flight, reason },
          at: now,
        });
        references.push(b.reference);
      }
    }
    return references;
  }

  async function visible(principal: Principal, id: string): Promise<FlightBookingRecord> {
    const row = await bookings.findVisible(visibilityOf(principal), { id });
    if (!row) throw new AppError('NOT_FOUND', 'No such booking');
    return row;
  }

  return {
    /** What cancelling would refund now; the quote id is valid 15 minutes and only for this version. */
    async quoteCancellation(principal: Principal, id: string) {
      const row = await visible(principal, id);
      transition(row.status, 'cancel');
      const { refund, penalty } = quoteFor(row);
      const expires = Math.floor(clock.now().getTime() / 1000) + QUOTE_TTL_SECONDS;
      return {
        quote_id: quotes.issue({ booking_id: row.id, version: row.version, refund, expires }),
        booking_id: row.id,
        refund_amount: refund,
        penalty_amount: penalty,
        currency: row.currency,
        expires_at: new Date(expires * 1000).toISOString(),
      };
    },

    /** Cancels as quoted, releasing the seats; a stale quote (expired, or the booking changed) is 410. */
    async cancelBooking(principal: Principal, id: string, quoteId: string) {
      const row = await visible(principal, id);
      transition(row.status, 'cancel');
      const quote = quotes.read(quoteId);
      if (!quote) throw invalidField('/quote_id', 'is not a quote from /quote_cancellation');
      const now = clock.now();
      if (quote.booking_id !== row.id) throw invalidField('/quote_id', 'is for another booking');
      const refund = quote.refund;
      if (quote.version !== row.version || quote.expires * 1000 <= now.getTime()) {
        throw new AppError('QUOTE_EXPIRED', 'The quote expired or the booking changed; ask for a new one');
      }
      const done = await db.transaction().execute(async (trx) => {
        const ok = await bookings.changeStatus(
          trx,
          row.id,
          row.status,
          'cancelled',
          { refund_amount: refund, hold_expires_at: null },
          now.toISOString(),
          quote.version,
        );
        if (!ok) return false;
        await releaseSeats(trx, row.id);
        await settleMoney(trx, row, refund, now.toISOString());
        await deps.tell(trx, row.id, 'flight_booking.cancelled', {
          type: 'cancelled',
          data: { refund_amount: refund, currency: row.currency },
          at: now.toISOString(),
        });
        return true;
      });
      if (!done)
        throw new AppError('QUOTE_EXPIRED', 'The booking changed while cancelling; ask for a new quote');
      const latest = (await bookings.findById(db, row.id))!;
      return { booking: bookingView(latest, await bookings.events(row.id)), etag: etagOf(latest) };
    },

    /** Expires one hold if its deadline has passed; returns whether it did (and released its seats). */
    async expireHold(id: string): Promise<boolean> {
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await bookings.findById(trx, id);
        if (row?.status !== 'held' || !row.hold_expires_at || row.hold_expires_at > now) return false;
        if (
          !(await bookings.changeStatus(
            trx,
            id,
            'held',
            'expired',
            { hold_expires_at: row.hold_expires_at },
            now,
          ))
        )
          return false;
        await releaseSeats(trx, id);
        await settleMoney(trx, row, 0, now);
        await deps.tell(trx, id, 'flight_booking.expired', {
          type: 'expired',
          data: { hold_expired_at: row.hold_expires_at },
          at: now,
        });
        return true;
      });
    },

    async expireDueHolds(limit = 200): Promise<number> {
      let expired = 0;
      for (const id of await bookings.dueHolds(clock.now().toISOString(), limit)) {
        if (await this.expireHold(id)) expired += 1;
      }
      return expired;
    },

    /**
     * An operator cancels one dated flight: it disappears from search, and every live booking on it
     * becomes `disrupted` (visible, refundable in full), nothing deleted.
     */
    async cancelFlight(scheduleId: string, date: string, reason: string) {
      const schedule = await deps.network.findSchedule(scheduleId);
      if (!schedule) throw new AppError('NOT_FOUND', `No flight ${scheduleId}`);
      if (!scheduledOn(schedule, date))
        throw invalidField(
          '/departure_date',
          `is not a date ${schedule.carrier}${schedule.flight_number} flies (${schedule.valid_from} to ${schedule.valid_to}, days ${schedule.days_of_week})`,
        );
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const inserted = await deps.network.insertCancellation(trx, {
          schedule_id: scheduleId,
          departure_date: date,
          reason,
          created_at: now,
        });
        const disrupted = await disrupt(
          trx,
          await bookings.liveOnFlight(trx, scheduleId, { on: date }),
          `${schedule.carrier}${schedule.flight_number}`,
          reason,
          now,
        );
        await bumpVersion(trx, 'network');
        const answer = {
          flight_id: scheduleId,
          departure_date: date,
          already_cancelled: !inserted,
          disrupted_bookings: disrupted,
        };
        if (inserted)
          await deps.announce(
            trx,
            'flight.cancelled',
            { ...answer, carrier: schedule.carrier, flight_number: schedule.flight_number, reason },
            now,
          );
        return answer;
      });
    },

    /** Withdraws a whole schedule from sale: every live booking on any future date of it is disrupted. */
    async withdrawSchedule(scheduleId: string, reason: string) {
      const schedule = await deps.network.findSchedule(scheduleId);
      if (!schedule) throw new AppError('NOT_FOUND', `No flight ${scheduleId}`);
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const withdrawn = await deps.network.withdrawSchedule(trx, scheduleId, now);
        const live = await bookings.liveOnFlight(trx, scheduleId, { from: now.slice(0, 10) });
        const disrupted = await disrupt(
          trx,
          live,
          `${schedule.carrier}${schedule.flight_number}`,
          reason,
          now,
        );
        await bumpVersion(trx, 'network');
        const answer = {
          flight_id: scheduleId,
          already_withdrawn: !withdrawn,
          disrupted_bookings: disrupted,
        };
        if (withdrawn)
          await deps.announce(
            trx,
            'flight_schedule.withdrawn',
            {
              ...answer,
              carrier: schedule.carrier,
              flight_number: schedule.flight_number,
              origin: schedule.origin,
              destination: schedule.destination,
              reason,
            },
            now,
          );
        return answer;
      });
    },

    /** Stops selling one fare; bookings keep the fare they were sold. */
    async withdrawFare(key: {
      carrier: string;
      origin: string;
      destination: string;
      cabin: Cabin;
      brand: string;
    }) {
      return db.transaction().execute(async (trx) => {
        if (!(await deps.network.deleteFare(trx, key))) throw new AppError('NOT_FOUND', 'No such fare');
        await bumpVersion(trx, 'network');
        return { withdrawn: true };
      });
    },
  };
}

export type FlightCancellationService = ReturnType<typeof createFlightCancellationService>;
