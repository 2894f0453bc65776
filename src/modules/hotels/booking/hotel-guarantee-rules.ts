import { AppError, invalidField } from '../../../http/app-error.ts';
import { penaltyAt } from '../inventory/hotel-cancellation-rules.ts';
import type { HotelBookingRecord, HotelBookingRoomRecord } from './hotel-booking-record.ts';
import { live } from './hotel-booking-rooms.ts';
import { stayHasBegun } from './hotel-booking-rules.ts';

/** Why a hotel charges a stay's guarantee card. */
export type GuaranteeReason = 'no_show' | 'late_cancellation';

type Charged = Pick<
  HotelBookingRecord,
  'status' | 'guarantee' | 'payment' | 'check_in' | 'hotel' | 'penalty_amount'
>;

/**
 * The most a hotel may charge a booking's guarantee for `reason` at `now`, by the rate's own terms; a
 * problem when it may charge nothing. Once per booking: a charge becomes the booking's payment.
 *
 * - `no_show`: a confirmed booking whose stay has begun in the hotel's zone; what cancelling its live rooms
 *   would cost now (a non-refundable rate: all of it).
 * - `late_cancellation`: a cancelled booking; the penalty its cancellation recorded.
 */
export function guaranteeChargeLimit(
  reason: GuaranteeReason,
  booking: Charged,
  rooms: HotelBookingRoomRecord[],
  now: Date,
): number {
  if (!booking.guarantee) throw new AppError('CONFLICT', 'No card guarantees this booking');
  if (booking.payment) throw new AppError('CONFLICT', 'The booking’s guarantee was already charged');
  const wanted = reason === 'no_show' ? 'confirmed' : 'cancelled';
  if (booking.status !== wanted)
    throw new AppError(
      'INVALID_STATE_TRANSITION',
      reason === 'no_show'
        ? `A ${booking.status} booking is not a no-show`
        : `A ${booking.status} booking was not cancelled late`,
      { booking_status: booking.status, allowed_actions: [] },
    );
  const zone = booking.hotel.time_zone;
  if (reason === 'no_show' && !stayHasBegun(booking.check_in, zone, now))
    throw new AppError('INVALID_STATE_TRANSITION', 'A no-show is charged once the check-in day has begun', {
      booking_status: booking.status,
      allowed_actions: [],
    });
  const limit =
    reason === 'no_show'
      ? live(rooms).reduce(
          (n, r) => n + penaltyAt(r.price.cancellation_policy, booking.check_in, zone, r.total_amount, now),
          0,
        )
      : (booking.penalty_amount ?? 0);
  if (limit === 0)
    throw new AppError(
      'CONFLICT',
      reason === 'no_show'
        ? 'The rate charges nothing for a no-show'
        : 'The booking was cancelled free of charge',
    );
  return limit;
}

/** The amount to charge: the limit when none is asked, else the one asked if within it (400 on `/amount`). */
export function guaranteeChargeAmount(limit: number, asked: number | undefined): number {
  if (asked === undefined) return limit;
  if (asked > limit) throw invalidField('/amount', `is at most ${limit}, as the rate's terms allow`);
  return asked;
}
