import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { BookingRelease } from './booking-release.ts';
import type { TellFlightBooking } from './flight-booking-events.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';

/** A hold that runs out unpaid: expired, its places and seats given back, what was set aside released. */
export function createHoldExpiry(deps: {
  db: Kysely<Database>;
  bookings: FlightBookingsRepository;
  clock: Clock;
  release: BookingRelease;
  tell: TellFlightBooking;
}) {
  const { db, bookings, clock } = deps;
  return {
    /** Expires one hold if its deadline has passed; returns whether it did (and released its seats). */
    async expireHold(id: string): Promise<boolean> {
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await bookings.findById(trx, id);
        if (row?.status !== 'held' || !row.hold_expires_at || row.hold_expires_at > now) return false;
        if (
          !(await bookings.changeStatus(
            trx,
            id,
            'held',
            'expired',
            { hold_expires_at: row.hold_expires_at },
            now,
          ))
        )
          return false;
        await deps.release.releaseSeats(trx, id);
        await deps.release.settleMoney(trx, row, 0, now);
        await deps.tell(trx, id, 'flight_booking.expired', {
          type: 'expired',
          data: { hold_expired_at: row.hold_expires_at },
          at: now,
        });
        return true;
      });
    },

    async expireDueHolds(limit = 200): Promise<number> {
      let expired = 0;
      for (const id of await bookings.dueHolds(clock.now().toISOString(), limit)) {
        if (await this.expireHold(id)) expired += 1;
      }
      return expired;
    },
  };
}

export type HoldExpiry = ReturnType<typeof createHoldExpiry>;
