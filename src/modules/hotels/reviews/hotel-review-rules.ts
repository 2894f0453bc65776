import { AppError } from '../../../http/app-error.ts';
import type { HotelBookingRecord, HotelBookingRoomRecord } from '../booking/hotel-booking-record.ts';
import { live } from '../booking/hotel-booking-rooms.ts';
import { stayHasBegun } from '../booking/hotel-booking-rules.ts';

/** What a review may be: its moderation. */
export type ReviewStatus = 'pending' | 'published' | 'rejected';
export type ReviewDecision = 'publish' | 'reject';

/**
 * A stay is reviewed once it is over: a confirmed booking with a room still its guests', whose
 * check-out day has begun in the hotel's zone. 409 otherwise, saying why.
 */
export function assertReviewable(
  booking: Pick<HotelBookingRecord, 'status' | 'check_out' | 'hotel'>,
  rooms: HotelBookingRoomRecord[],
  now: Date,
): void {
  if (booking.status !== 'confirmed' || live(rooms).length === 0)
    throw new AppError('INVALID_STATE_TRANSITION', `A ${booking.status} stay cannot be reviewed`, {
      booking_status: booking.status,
      allowed_actions: [],
    });
  if (!stayHasBegun(booking.check_out, booking.hotel.time_zone, now))
    throw new AppError(
      'INVALID_STATE_TRANSITION',
      `A stay is reviewed from its check-out day, ${booking.check_out}`,
      { booking_status: booking.status, allowed_actions: [] },
    );
}

/** How a review is signed: the holder's given name and the initial of their family name. */
export function authorOf(holder: { given_name: string; family_name: string }): string {
  return `${holder.given_name} ${[...holder.family_name][0] ?? ''}.`.trim();
}

/** The status a moderation decision leads to; 409 for a review already rejected, or published twice. */
export function moderated(status: ReviewStatus, decision: ReviewDecision): ReviewStatus {
  const to: ReviewStatus = decision === 'publish' ? 'published' : 'rejected';
  const allowed = status === 'pending' || (status === 'published' && to === 'rejected');
  if (!allowed)
    throw new AppError(
      'CONFLICT',
      `A ${status} review cannot be ${to === 'published' ? 'published' : 'rejected'}`,
    );
  return to;
}
