import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion } from '../../../db/versioned-cache.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import { createSignedTokens } from '../../../http/signed-token.ts';
import type { Clock } from '../../../ports/clock.ts';
import { foldedNames } from '../../../shared/names.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import type { BookingPart } from '../../bookings/index.ts';
import type { PaymentsService } from '../../payments/index.ts';
import type { SeatService } from '../ancillaries/ancillaries.ts';
import { freeSeats } from '../ancillaries/assign-seats.ts';
import type { SeatAssignmentsRepository } from '../ancillaries/seat-assignments-repository.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { NetworkRepository } from '../inventory/network-repository.ts';
import { scheduledOn } from '../inventory/schedule-dates.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import { seatsOf } from '../inventory/seat-layout.ts';
import { refundFor } from './booking-rules.ts';
import { type BookingStatus, transition } from './booking-states.ts';
import { bookingView, etagOf } from './booking-view.ts';
import type { AnnounceOperatorEvent, TellFlightBooking } from './flight-booking-events.ts';
import { type FlightBookingRecord, saleOf } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import {
  cancelPassengers,
  cancelSlices,
  type FlightPart,
  type PartCancellation,
} from './partial-cancellation.ts';

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
  /** The network as searched: seat layouts, and which flights still operate. */
  networkCache: NetworkCache;
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

  /** Whether a seat is in an exit row of its flight's layout. */
  async function exitRowTest(row: FlightBookingRecord) {
    const network = await deps.networkCache.current();
    const cabin = row.itinerary.cabin as Cabin;
    return (seat: SeatService) => {
      const schedule = network.schedules.get(seat.flight_id);
      const layout = schedule && network.seatLayout(schedule, cabin);
      const found = layout && seatsOf(layout).find((x) => x.designator === seat.designator);
      return found?.characteristics.includes('exit_row') ?? false;
    };
  }

  /** What cancelling a part would do to the booking now, as the rules for parts say. */
  async function partOf(row: FlightBookingRecord, part: FlightPart, now: Date): Promise<PartCancellation> {
    transition(row.status, 'cancel_part');
    if (row.tickets === null)
      throw new AppError(
        'CHANGE_NOT_ALLOWED',
        'Only a ticketed booking can be cancelled in part; cancel it whole',
      );
    return 'passengerIds' in part
      ? cancelPassengers(row, part.passengerIds, now, await exitRowTest(row))
      : cancelSlices(row, part.slices, now);
  }

  /** The status once a part is gone: an airline's change that concerned only that part is over. */
  async function statusAfter(row: FlightBookingRecord, cut: PartCancellation): Promise<BookingStatus> {
    if (row.status === 'schedule_changed' && !cut.itinerary.schedule_change) return 'confirmed';
    if (row.status !== 'disrupted' || cut.release.slices.length === 0) return row.status;
    const network = await deps.networkCache.current();
    const operating = cut.itinerary.slices.every((slice) =>
      slice.segments.every((g) => {
        const schedule = network.schedules.get(g.flight_id);
        return schedule !== undefined && network.operates(schedule, g.departure_date);
      }),
    );
    return operating ? 'confirmed' : 'disrupted';
  }

  /** Gives back a part's places (a passenger's on every flight, or all on the slices dropped) and seats. */
  async function releasePart(trx: Kysely<Database>, row: FlightBookingRecord, cut: PartCancellation) {
    await freeSeats(trx, deps.seatAssignments, row.id, cut.seatsFreed);
    const segments = await bookings.segments(trx, row.id);
    const dropped = new Set(
      cut.release.slices.flatMap((k) =>
        row.itinerary.slices[k]!.segments.map((g) => `${g.flight_id}|${g.departure_date}`),
      ),
    );
    for (const s of segments) {
      const whole = dropped.has(`${s.schedule_id}|${s.departure_date}`);
      const count = whole ? s.seats : cut.release.seated;
      if (count > 0)
        await seats.release(
          trx,
          { scheduleId: s.schedule_id, date: s.departure_date, cabin: s.cabin },
          count,
        );
    }
    if (dropped.size > 0)
      await bookings.dropSegments(
        trx,
        row.id,
        segments.filter((s) => dropped.has(`${s.schedule_id}|${s.departure_date}`)).map((s) => s.position),
      );
    else await bookings.reduceSegmentSeats(trx, row.id, cut.release.seated);
  }

  /** Cancels a part as quoted: the booking goes on without it, its money given back in the same transaction. */
  async function cancelPart(row: FlightBookingRecord, part: FlightPart, refund: number, now: Date) {
    const cut = await partOf(row, part, now);
    const status = await statusAfter(row, cut);
    const at = now.toISOString();
    const gone = new Set(
      row.passengers.map((p) => p.id).filter((id) => !cut.passengers.some((p) => p.id === id)),
    );
    return db.transaction().execute(async (trx) => {
      const ok = await bookings.updateAtVersion(
        trx,
        row.id,
        row.version,
        {
          itinerary: cut.itinerary,
          passengers: cut.passengers,
          names: foldedNames(cut.passengers),
          tickets: Object.fromEntries(Object.entries(row.tickets ?? {}).filter(([id]) => !gone.has(id))),
          total_amount: saleOf(cut.itinerary).total,
          refund_amount: (row.refund_amount ?? 0) + refund,
          status,
        },
        at,
      );
      if (!ok) return false;
      await releasePart(trx, row, cut);
      const payment = await payments.cancel(
        trx,
        { ...cut.sale, currency: row.currency },
        refund,
        {
          bookingId: row.id,
          product: 'flight',
          description: `Flight booking ${row.reference} partly cancelled`,
          agencyId: row.agency_id,
        },
        false,
      );
      if (payment) await bookings.setPayment(trx, row.id, payment, at);
      await deps.tell(trx, row.id, 'flight_booking.partially_cancelled', {
        type: 'partially_cancelled',
        data: {
          passenger_ids: [...gone],
          slices: cut.release.slices,
          refund_amount: refund,
          penalty_amount: cut.penalty,
          currency: row.currency,
        },
        at,
      });
      return true;
    });
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

  return {
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
      const { refund, penalty } = wanted ? await partOf(row, wanted, now) : wholeQuote(row);
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
        ? await cancelPart(row, wanted, refund, now)
        : await db.transaction().execute(async (trx) => {
            const ok = await bookings.changeStatus(
              trx,
              row.id,
              row.status,
              'cancelled',
              { refund_amount: (row.refund_amount ?? 0) + refund, hold_expires_at: null },
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

    /** Marks the live bookings on one dated flight disrupted; answers their references. */
    async disruptOn(
      trx: Kysely<Database>,
      scheduleId: string,
      date: string,
      flight: string,
      reason: string,
      now: string,
    ): Promise<string[]> {
      return disrupt(trx, await bookings.liveOnFlight(trx, scheduleId, { on: date }), flight, reason, now);
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
