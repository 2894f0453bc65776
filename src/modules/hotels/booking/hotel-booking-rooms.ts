import { freeCancellationEnds } from '../inventory/hotel-cancellation-rules.ts';
import type { HotelBookingRoomRecord } from './hotel-booking-record.ts';

/** Whether a room is still the guest's: confirmed, or kept by a hold (not cancelled, not expired). */
export const isLive = (room: Pick<HotelBookingRoomRecord, 'status'>) =>
  room.status === 'confirmed' || room.status === 'held';

/** The rooms of a booking that are not cancelled or expired. */
export const live = (rooms: HotelBookingRoomRecord[]) => rooms.filter(isLive);

/** The earliest end of free cancellation over live rooms; null when any of them is never free. */
export function bookingDeadline(
  rooms: HotelBookingRoomRecord[],
  checkIn: string,
  timeZone: string,
): string | null {
  const ends = live(rooms).map((r) => freeCancellationEnds(r.price.cancellation_policy, checkIn, timeZone));
  if (ends.length === 0 || ends.some((e) => e === null)) return null;
  return new Date(Math.min(...ends.map((e) => e!.getTime()))).toISOString();
}

/** Groups live rooms by room type, for taking and releasing nights. */
export function countByType(rooms: HotelBookingRoomRecord[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of live(rooms)) out.set(r.room_type_id, (out.get(r.room_type_id) ?? 0) + 1);
  return out;
}
