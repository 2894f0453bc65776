import { AppError } from '../../../http/app-error.ts';

/**
 * A hotel booking is held (rooms kept, unpaid) or confirmed until cancelled or, unpaid, expired; a
 * guaranteed stay whose guest never came is a no-show once the hotel charges its guarantee.
 */
export type HotelBookingStatus = 'held' | 'confirmed' | 'cancelled' | 'expired' | 'no_show';

/**
 * The hotel booking state machine:
 *
 *   held ──pay_booking──▶ confirmed ──cancel (every live room)──▶ cancelled
 *    │ │                     │  ▲
 *    │ └─cancel──▶ cancelled  └──┘ cancel one room (others stay), modify names and requests, change dates
 *    └─deadline passes──▶ expired (rooms released)
 *
 *   confirmed (stay begun, guarantee charged for a no-show) ──▶ no_show
 *
 * Once the stay has begun (the check-in date has started in the hotel's zone) a booking can no longer
 * be cancelled or moved; names and special requests can still be corrected until check-out. Dates move
 * only while cancelling every live room is still free (refundable rates, before their first deadline).
 * A hold is paid, cancelled (free) or corrected; its dates do not move.
 */
export type HotelAction = 'pay' | 'cancel' | 'modify' | 'change_dates';

/** Where the stay is in time, and whether cancelling every live room is still free (dates may move only then). */
export interface StayClock {
  begun: boolean;
  ended: boolean;
  freeToCancel: boolean;
}

export function hotelAllowedActions(status: HotelBookingStatus, stay: StayClock): HotelAction[] {
  if (status === 'held') return stay.begun ? [] : ['pay', 'cancel', 'modify'];
  if (status !== 'confirmed' || stay.ended) return [];
  if (stay.begun) return ['modify'];
  return stay.freeToCancel ? ['cancel', 'modify', 'change_dates'] : ['cancel', 'modify'];
}

/** Refuses an action the booking does not allow now: 409 INVALID_STATE_TRANSITION naming what is allowed. */
export function assertHotelAction(status: HotelBookingStatus, stay: StayClock, action: HotelAction): void {
  const allowed = hotelAllowedActions(status, stay);
  if (allowed.includes(action)) return;
  if (action === 'change_dates' && allowed.includes('cancel'))
    throw new AppError(
      'CHANGE_NOT_ALLOWED',
      status === 'held'
        ? 'A hold’s dates do not change; cancel it (free) and hold the new dates'
        : 'Dates can change only while cancelling is free; cancel and book again',
      { allowed_actions: allowed },
    );
  const why =
    status !== 'confirmed' && status !== 'held'
      ? `A ${status} booking cannot ${action.replace('_', ' ')}`
      : action === 'pay'
        ? 'Only a held booking is paid with pay_booking'
        : stay.ended
          ? 'The stay has ended'
          : `The stay has begun; it can no longer ${action.replace('_', ' ')}`;
  throw new AppError('INVALID_STATE_TRANSITION', why, {
    booking_status: status,
    allowed_actions: allowed,
  });
}
