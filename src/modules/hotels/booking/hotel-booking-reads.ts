import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import type { HotelBookingRecord, HotelBookingRoomRecord } from './hotel-booking-record.ts';
import { stayHasBegun } from './hotel-booking-rules.ts';
import type { StayClock } from './hotel-booking-states.ts';
import { freeToCancel, hotelBookingView, hotelEtag } from './hotel-booking-view.ts';
import type { HotelBookingsRepository } from './hotel-bookings-repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'No such booking');

/**
 * Reading hotel bookings, shared by booking, cancelling, modifying and searching: what the caller may
 * see, where a stay is in time, and the API view with its ETag.
 */
export function createHotelBookingReads(deps: {
  db: Kysely<Database>;
  bookings: HotelBookingsRepository;
  clock: Clock;
  /** Expires a hold whose deadline passed; returns whether it did. */
  expireHold: (id: string) => Promise<boolean>;
}) {
  const { db, bookings, clock } = deps;

  /** Where a booking's stay is in time now, and whether cancelling it is still free. */
  function clockOf(
    row: Pick<HotelBookingRecord, 'check_in' | 'check_out' | 'hotel'>,
    rooms: HotelBookingRoomRecord[],
    now = clock.now(),
  ): StayClock {
    const zone = row.hotel.time_zone;
    return {
      begun: stayHasBegun(row.check_in, zone, now),
      ended: stayHasBegun(row.check_out, zone, now),
      freeToCancel: freeToCancel(rooms, row.check_in, zone, now),
    };
  }

  /** The booking as the API shows it; `executor` is a transaction when read inside one. */
  async function view(row: HotelBookingRecord, executor: Kysely<Database> = db) {
    const rooms = await bookings.rooms(executor, row.id);
    return {
      booking: hotelBookingView(row, rooms, await bookings.events(row.id, executor), clockOf(row, rooms)),
      etag: hotelEtag(row),
    };
  }

  /**
   * A booking the caller may see; any other is 404, exactly like a missing one. A hold past its deadline
   * is expired first, so a read never shows a stale `held`.
   */
  async function loadVisible(
    principal: Principal,
    by: { id?: string | undefined; reference?: string | undefined },
  ) {
    const row = await bookings.findVisible(visibilityOf(principal), by);
    if (!row) throw notFound();
    const due = row.status === 'held' && row.hold_expires_at! <= clock.now().toISOString();
    if (due && (await deps.expireHold(row.id)))
      return (await bookings.findVisible(visibilityOf(principal), { id: row.id }))!;
    return row;
  }

  return {
    clockOf,
    view,
    loadVisible,
    getBooking: async (
      principal: Principal,
      by: { id?: string | undefined; reference?: string | undefined },
    ) => view(await loadVisible(principal, by)),
  };
}

export type HotelBookingReads = ReturnType<typeof createHotelBookingReads>;
