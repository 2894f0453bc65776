import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { Principal } from '../../auth/index.ts';
import type { BookingFrame } from '../../bookings/index.ts';
import type { PaymentInput, PaymentsService, Prepared } from '../../payments/index.ts';
import type { HotelInventoryRepository } from '../inventory/hotel-inventory-repository.ts';
import { nightsOf } from '../inventory/stays.ts';
import type { TellHotelBooking } from './hotel-booking-events.ts';
import type { HotelBookingReads } from './hotel-booking-reads.ts';
import { purposeOf, saleOfRooms } from './hotel-booking-record.ts';
import { countByType, live } from './hotel-booking-rooms.ts';
import { assertHotelAction } from './hotel-booking-states.ts';
import type { HotelBookingsRepository } from './hotel-bookings-repository.ts';

/**
 * Hotel holds after they are made: paid (`pay_booking`) before their deadline, the rooms then confirmed
 * at the price held; or, unpaid at the deadline, expired and their nights given back for sale. Both are
 * conditional on the booking's version, so a payment and the sweep cannot both win.
 */
export function createHotelHolds(deps: {
  db: Kysely<Database>;
  bookings: HotelBookingsRepository;
  inventory: HotelInventoryRepository;
  clock: Clock;
  payments: PaymentsService;
  frame: BookingFrame<Prepared>;
  tell: TellHotelBooking;
  reads: HotelBookingReads;
}) {
  const { db, bookings, clock, payments } = deps;

  /** Expires one hold if its deadline has passed; returns whether it did (and released its nights). */
  async function expireHold(id: string): Promise<boolean> {
    const now = clock.now().toISOString();
    return db.transaction().execute(async (trx) => {
      const row = await bookings.findById(trx, id);
      if (row?.status !== 'held' || !row.hold_expires_at || row.hold_expires_at > now) return false;
      const rooms = live(await bookings.rooms(trx, id));
      if (!(await bookings.update(trx, id, row.version, { status: 'expired', updated_at: now })))
        return false;
      const nights = nightsOf(row.check_in, row.check_out);
      for (const [roomTypeId, count] of countByType(rooms))
        await deps.inventory.release(trx, roomTypeId, nights, count);
      await bookings.moveRooms(trx, id, 'held', 'expired');
      await deps.tell(trx, id, 'hotel_booking.expired', {
        type: 'expired',
        data: { hold_expired_at: row.hold_expires_at, rooms: rooms.map((r) => r.id) },
        at: now,
      });
      return true;
    });
  }

  return {
    expireHold,

    /** Expires every hold past its deadline (the scheduler's sweep); returns how many it expired. */
    async expireDueHolds(limit = 200): Promise<number> {
      let expired = 0;
      for (const id of await bookings.dueHolds(clock.now().toISOString(), limit))
        if (await expireHold(id)) expired += 1;
      return expired;
    },

    /**
     * Pays a hold before its deadline at the price it was held at: the card charged or the balance
     * debited, its rooms confirmed, together or not at all.
     */
    async payHold(principal: Principal, id: string, paymentInput: PaymentInput) {
      const { reads } = deps;
      const row = await reads.loadVisible(principal, { id });
      const rooms = await bookings.rooms(db, id);
      assertHotelAction(row.status, reads.clockOf(row, rooms), 'pay');
      const due = saleOfRooms(live(rooms), row.currency);
      const now = clock.now().toISOString();
      const prepared = await payments.prepare(principal, paymentInput, due);
      const paid = await deps.frame.change({
        prepared,
        run: async (trx) => {
          const changes = { status: 'confirmed' as const, hold_expires_at: null, updated_at: now };
          if (!(await bookings.update(trx, id, row.version, changes))) return false;
          await bookings.moveRooms(trx, id, 'held', 'confirmed');
          const payment = await payments.settle(trx, prepared, due, purposeOf(row), true);
          await bookings.update(trx, id, row.version + 1, { payment });
          await deps.tell(trx, id, 'hotel_booking.confirmed', {
            type: 'confirmed',
            data: { total_amount: due.total, currency: due.currency, payment_method: payment.method },
            at: now,
          });
          return true;
        },
        used: (ok) => ok,
      });
      const latest = await reads.loadVisible(principal, { id });
      if (!paid) {
        assertHotelAction(latest.status, reads.clockOf(latest, await bookings.rooms(db, id)), 'pay');
        throw new AppError('CONFLICT', 'The hold changed while it was being paid; read it and pay again');
      }
      return reads.view(latest);
    },
  };
}

export type HotelHolds = ReturnType<typeof createHotelHolds>;
