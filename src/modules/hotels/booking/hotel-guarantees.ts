import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { Principal } from '../../auth/index.ts';
import type { BookingFrame } from '../../bookings/index.ts';
import type { PaymentsService, Prepared } from '../../payments/index.ts';
import type { TellHotelBooking } from './hotel-booking-events.ts';
import type { HotelBookingReads } from './hotel-booking-reads.ts';
import { purposeOf } from './hotel-booking-record.ts';
import type { HotelBookingsRepository } from './hotel-bookings-repository.ts';
import {
  type GuaranteeReason,
  guaranteeChargeAmount,
  guaranteeChargeLimit,
} from './hotel-guarantee-rules.ts';

/**
 * The hotel's side of a guaranteed stay paid at the hotel: charging the guarantee card for a no-show or
 * a late cancellation, within what the rate's terms allow. The card is charged (authorized, then captured
 * by the payment operations job) and the charge is written to the ledger and invoiced in the transaction
 * that records it on the booking, conditional on the booking's version, so it happens once.
 */
export function createHotelGuarantees(deps: {
  db: Kysely<Database>;
  bookings: HotelBookingsRepository;
  reads: HotelBookingReads;
  clock: Clock;
  payments: PaymentsService;
  frame: BookingFrame<Prepared>;
  tell: TellHotelBooking;
}) {
  const { db, bookings, reads, clock, payments } = deps;
  return {
    async chargeGuarantee(
      principal: Principal,
      id: string,
      reason: GuaranteeReason,
      asked: number | undefined,
    ) {
      const row = await reads.loadVisible(principal, { id });
      const rooms = await bookings.rooms(db, id);
      const now = clock.now();
      const amount = guaranteeChargeAmount(guaranteeChargeLimit(reason, row, rooms, now), asked);
      const due = { total: amount, tax: 0, currency: row.currency, markup: 0, commission: 0 };
      const payer = { userId: row.user_id, agencyId: row.agency_id };
      const prepared = await payments.prepareGuaranteeCharge(payer, row.guarantee!, due);
      const at = now.toISOString();
      const charged = await deps.frame.change({
        prepared,
        run: async (trx) => {
          const status = reason === 'no_show' ? 'no_show' : row.status;
          if (!(await bookings.update(trx, id, row.version, { status, updated_at: at }))) return false;
          const what = reason === 'no_show' ? 'no-show' : 'late cancellation';
          const payment = await payments.settle(trx, prepared, due, purposeOf(row, what), true);
          await bookings.update(trx, id, row.version + 1, { payment });
          await deps.tell(trx, id, 'hotel_booking.guarantee_charged', {
            type: reason,
            data: { reason, amount, currency: row.currency },
            at,
          });
          return true;
        },
        used: (ok) => ok,
      });
      if (!charged)
        throw new AppError('CONFLICT', 'The booking changed while its guarantee was charged; read it again');
      return reads.view((await bookings.findById(db, id))!);
    },
  };
}

export type HotelGuarantees = ReturnType<typeof createHotelGuarantees>;
