import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError } from '../../../http/app-error.ts';
import { foldedNames } from '../../../shared/names.ts';
import type { PaymentsService } from '../../payments/index.ts';
import { freeSeats } from '../ancillaries/assign-seats.ts';
import type { SeatAssignmentsRepository } from '../ancillaries/seat-assignments-repository.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import { type BookingStatus, transition } from './booking-states.ts';
import { exitRowTest } from './exit-rows.ts';
import type { TellFlightBooking } from './flight-booking-events.ts';
import { type FlightBookingRecord, saleOf } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import {
  cancelPassengers,
  cancelSlices,
  type FlightPart,
  type PartCancellation,
} from './partial-cancellation.ts';
import type { Ticketing } from './ticketing.ts';

/**
 * Cancelling a part of a ticketed booking (some passengers, or the last slices): what it would refund
 * now, as the rules for parts say, and the cancellation itself, the booking going on without the part.
 */
export function createPartCancellations(deps: {
  db: Kysely<Database>;
  bookings: FlightBookingsRepository;
  seats: SeatInventoryRepository;
  seatAssignments: SeatAssignmentsRepository;
  /** The network as searched: seat layouts, and which flights still operate. */
  networkCache: NetworkCache;
  tell: TellFlightBooking;
  payments: PaymentsService;
  ticketing: Ticketing;
}) {
  const { db, bookings, seats, payments } = deps;

  /** What cancelling a part would do to the booking now, as the rules for parts say. */
  async function partOf(row: FlightBookingRecord, part: FlightPart, now: Date): Promise<PartCancellation> {
    transition(row.status, 'cancel_part');
    if (row.tickets === null)
      throw new AppError(
        'CHANGE_NOT_ALLOWED',
        'Only a ticketed booking can be cancelled in part; cancel it whole',
      );
    return 'passengerIds' in part
      ? cancelPassengers(row, part.passengerIds, now, await exitRowTest(deps.networkCache, row))
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
      await deps.ticketing.refund(
        trx,
        row.id,
        gone.size > 0 ? { passengers: gone } : { slices: new Set(cut.release.slices) },
        at,
      );
      const payment = await payments.cancel(trx, { ...cut.sale, currency: row.currency }, refund, {
        bookingId: row.id,
        product: 'flight',
        description: `Flight booking ${row.reference} partly cancelled`,
        agencyId: row.agency_id,
      });
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

  return { partOf, cancelPart };
}

export type PartCancellations = ReturnType<typeof createPartCancellations>;
