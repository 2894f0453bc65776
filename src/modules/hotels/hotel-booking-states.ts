import type { HotelBookingStatus } from '../../db/tables.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The hotel booking state machine:
 *
 *   confirmed ──cancel (every live room)──▶ cancelled
 *       │  ▲
 *       └──┘ cancel one room (others stay), modify names and requests, change dates
 *
 * Once the stay has begun (the check-in date has started in the hotel's zone) a booking can no longer
 * be cancelled or moved; names and special requests can still be corrected until check-out.
 */
export type HotelAction = 'cancel' | 'modify' | 'change_dates';

export function hotelAllowedActions(
  status: HotelBookingStatus,
  stay: { begun: boolean; ended: boolean },
): HotelAction[] {
  if (status !== 'confirmed' || stay.ended) return [];
  return stay.begun ? ['modify'] : ['cancel', 'modify', 'change_dates'];
}

/** Refuses an action the booking does not allow now: 409 INVALID_STATE_TRANSITION naming what is allowed. */
export function assertHotelAction(
  status: HotelBookingStatus,
  stay: { begun: boolean; ended: boolean },
  action: HotelAction,
): void {
  const allowed = hotelAllowedActions(status, stay);
  if (allowed.includes(action)) return;
  const why =
    status !== 'confirmed'
      ? `A ${status} booking cannot ${action.replace('_', ' ')}`
      : stay.ended
        ? 'The stay has ended'
        : `The stay has begun; it can no longer ${action.replace('_', ' ')}`;
  throw new AppError('INVALID_STATE_TRANSITION', why, {
    booking_status: status,
    allowed_actions: allowed,
  });
}
