import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import { createSignedTokens } from '../../../http/signed-token.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { Principal } from '../../auth/index.ts';
import type { PartCancellationQuote } from '../../bookings/index.ts';
import type { PaymentsService } from '../../payments/index.ts';
import { penaltyAt } from '../inventory/hotel-cancellation-rules.ts';
import type { HotelInventoryRepository } from '../inventory/hotel-inventory-repository.ts';
import { nightsOf } from '../inventory/stays.ts';
import type { TellHotelBooking } from './hotel-booking-events.ts';
import type { HotelBookingReads } from './hotel-booking-reads.ts';
import {
  type HotelBookingRecord,
  type HotelBookingRoomRecord,
  purposeOf,
  saleOfRooms,
} from './hotel-booking-record.ts';
import { bookingDeadline, isLive, live } from './hotel-booking-rooms.ts';
import { assertHotelAction } from './hotel-booking-states.ts';
import type { HotelBookingsRepository } from './hotel-bookings-repository.ts';

export const CANCELLATION_QUOTE_TTL_SECONDS = 15 * 60;

interface CancellationQuotePayload {
  booking_id: string;
  room_id: string | null;
  version: number;
  penalty: number;
  refund: number;
  expires: number;
}

/**
 * Cancellation: a quote, then the cancellation presenting it; the whole booking or one room. The change
 * is conditional on the booking version read, so concurrent changes cannot both apply and nights are
 * released exactly once.
 */
export function createHotelCancellations(deps: {
  db: Kysely<Database>;
  bookings: HotelBookingsRepository;
  inventory: HotelInventoryRepository;
  reads: HotelBookingReads;
  clock: Clock;
  /** Records a change in the booking's history and the event log, in the change's transaction. */
  tell: TellHotelBooking;
  quoteKey: string;
  payments: PaymentsService;
}) {
  const { db, bookings, inventory, clock, reads } = deps;
  const quotes = createSignedTokens<CancellationQuotePayload>(deps.quoteKey, 'hcq');

  /** The rooms a cancellation is about: every live room, or the one named. */
  function target(rooms: HotelBookingRoomRecord[], roomId: string | undefined) {
    if (roomId === undefined) return live(rooms);
    const room = rooms.find((r) => r.id === roomId);
    if (!room || !isLive(room)) throw invalidField('/room_id', 'is not a live room of this booking');
    return [room];
  }

  /** What letting the rooms go costs at `now`: nothing for a hold, which was never paid. */
  function penaltyOf(row: HotelBookingRecord, targets: HotelBookingRoomRecord[], now: Date): number {
    if (row.status === 'held') return 0;
    const zone = row.hotel.time_zone;
    return targets.reduce((sum, r) => {
      const policy = r.price.cancellation_policy;
      return sum + penaltyAt(policy, row.check_in, zone, r.total_amount, now);
    }, 0);
  }

  /**
   * Cancels the rooms (every live one, or the one named) in `trx` if the booking is still at its version:
   * nights given back, money given back as quoted (each room's share of the penalty as it was when quoted),
   * told. False when the booking changed since it was read.
   */
  async function cancelRooms(
    trx: Kysely<Database>,
    row: HotelBookingRecord,
    rooms: HotelBookingRoomRecord[],
    roomId: string | undefined,
    q: { penalty: number; refund: number; quotedAt: Date },
    now: Date,
  ): Promise<boolean> {
    const targets = target(rooms, roomId);
    const remaining = live(rooms).filter((r) => !targets.includes(r));
    const zone = row.hotel.time_zone;
    const nights = nightsOf(row.check_in, row.check_out);
    const at = now.toISOString();
    const whole = remaining.length === 0;
    const ok = await bookings.update(trx, row.id, row.version, {
      status: whole ? 'cancelled' : row.status,
      total_amount: remaining.reduce((n, r) => n + r.total_amount, 0),
      penalty_amount: (row.penalty_amount ?? 0) + q.penalty,
      free_cancellation_until: bookingDeadline(remaining, row.check_in, zone),
      cancelled_at: whole ? at : null,
      updated_at: at,
    });
    if (!ok) return false;
    const penalties = new Map(targets.map((r) => [r.id, penaltyOf(row, [r], q.quotedAt)]));
    for (const r of targets) {
      await inventory.release(trx, r.room_type_id, nights, 1);
      await bookings.updateRoom(trx, r.id, { status: 'cancelled', penalty_amount: penalties.get(r.id)! });
    }
    const payment = await deps.payments.cancel(
      trx,
      saleOfRooms(targets, row.currency),
      q.refund,
      purposeOf(row, whole ? 'cancelled' : 'room cancelled'),
    );
    if (payment) await bookings.update(trx, row.id, row.version + 1, { payment });
    await deps.tell(trx, row.id, whole ? 'hotel_booking.cancelled' : 'hotel_booking.room_cancelled', {
      type: whole ? 'cancelled' : 'room_cancelled',
      data: {
        rooms: targets.map((r) => r.id),
        penalty_amount: q.penalty,
        refund_amount: q.refund,
        currency: row.currency,
      },
      at,
    });
    return true;
  }

  /** What letting every live room go costs now, and gives back. */
  function wholeQuote(row: HotelBookingRecord, rooms: HotelBookingRoomRecord[], now: Date) {
    const targets = live(rooms);
    const penalty = penaltyOf(row, targets, now);
    const refund = row.status === 'held' ? 0 : targets.reduce((n, r) => n + r.total_amount, 0) - penalty;
    return { penalty, refund };
  }

  return {
    /** A trip's stay: what cancelling it whole gives back now (the trip's owner asked). */
    async quoteWhole(id: string, now: Date): Promise<PartCancellationQuote> {
      const row = (await bookings.findById(db, id))!;
      const rooms = await bookings.rooms(db, id);
      assertHotelAction(row.status, reads.clockOf(row, rooms), 'cancel');
      return { ...wholeQuote(row, rooms, now), currency: row.currency, version: row.version, altered: false };
    },

    /** A trip's stay cancelled whole as quoted at `now`, in the trip's transaction; false when it changed. */
    async cancelWholeIn(trx: Kysely<Database>, id: string, quote: PartCancellationQuote, now: Date) {
      const row = (await bookings.findById(trx, id))!;
      if (row.version !== quote.version) return false;
      const rooms = await bookings.rooms(trx, id);
      assertHotelAction(row.status, reads.clockOf(row, rooms), 'cancel');
      return cancelRooms(trx, row, rooms, undefined, { ...quote, quotedAt: now }, now);
    },

    /** What cancelling the booking (or one room) costs now; the quote is valid 15 minutes and for this version. */
    async quoteCancellation(principal: Principal, id: string, roomId: string | undefined) {
      const row = await reads.loadVisible(principal, { id });
      const rooms = await bookings.rooms(db, row.id);
      assertHotelAction(row.status, reads.clockOf(row, rooms), 'cancel');
      const targets = target(rooms, roomId);
      const now = clock.now();
      const penalty = penaltyOf(row, targets, now);
      const refund = row.status === 'held' ? 0 : targets.reduce((n, r) => n + r.total_amount, 0) - penalty;
      const expires = Math.floor(now.getTime() / 1000) + CANCELLATION_QUOTE_TTL_SECONDS;
      return {
        quote_id: quotes.issue({
          booking_id: row.id,
          room_id: roomId ?? null,
          version: row.version,
          penalty,
          refund,
          expires,
        }),
        booking_id: row.id,
        room_id: roomId ?? null,
        refund_amount: refund,
        penalty_amount: penalty,
        currency: row.currency,
        expires_at: new Date(expires * 1000).toISOString(),
      };
    },

    /** Cancels as quoted and gives the nights back; the booking is cancelled when no room is left. */
    async cancel(principal: Principal, id: string, roomId: string | undefined, quoteId: string) {
      const row = await reads.loadVisible(principal, { id });
      const rooms = await bookings.rooms(db, row.id);
      assertHotelAction(row.status, reads.clockOf(row, rooms), 'cancel');
      const q = quotes.read(quoteId);
      if (!q) throw invalidField('/quote_id', 'is not a quote from /quote_cancellation');
      if (q.booking_id !== row.id || q.room_id !== (roomId ?? null))
        throw invalidField('/quote_id', 'is for another booking or room');
      const now = clock.now();
      if (q.version !== row.version || q.expires * 1000 <= now.getTime())
        throw new AppError('QUOTE_EXPIRED', 'The quote expired or the booking changed; ask for a new one');
      const quotedAt = new Date((q.expires - CANCELLATION_QUOTE_TTL_SECONDS) * 1000);
      const done = await db
        .transaction()
        .execute((trx) =>
          cancelRooms(trx, row, rooms, roomId, { penalty: q.penalty, refund: q.refund, quotedAt }, now),
        );
      if (!done)
        throw new AppError('QUOTE_EXPIRED', 'The booking changed while cancelling; ask for a new quote');
      return reads.view((await bookings.findById(db, row.id))!);
    },
  };
}

export type HotelCancellations = ReturnType<typeof createHotelCancellations>;
