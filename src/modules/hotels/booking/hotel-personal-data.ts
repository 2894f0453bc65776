import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { searchableNames } from './hotel-booking-rules.ts';
import type { createHotelPersonalDataRepository } from './hotel-personal-data-repository.ts';

const ERASED_HOLDER = {
  given_name: 'Erased',
  family_name: 'Guest',
  email: 'erased@erased.invalid',
  phone: '+10000000000',
} as const;
const LIVE = new Set(['held', 'confirmed']);
/** How an erased person's reviews are signed. */
export const REVIEW_AUTHOR_ERASED = 'A guest';

/**
 * A person's hotel bookings for their data export (GDPR art. 15), those still to be stayed (which
 * erasure waits for), and their erasure (art. 17): the bookings stay for the accounts, holder and guests
 * replaced (a child's age kept: the price depends on it), special requests gone.
 */
export function createHotelPersonalData(repository: ReturnType<typeof createHotelPersonalDataRepository>) {
  return {
    async exportOf(userId: string) {
      const reviews = new Map((await repository.reviewsOf(userId)).map((r) => [r.booking_id, r]));
      return (await repository.ofUser(userId)).map(({ booking, rooms }) => ({
        product: 'hotel' as const,
        id: booking.id,
        reference: booking.reference,
        status: booking.status,
        created_at: booking.created_at,
        check_in: booking.check_in,
        check_out: booking.check_out,
        holder: booking.holder,
        special_requests: booking.special_requests,
        guests: rooms.map((r) => r.guests),
        guarantee_card: booking.guarantee?.card ?? null,
        review: reviews.get(booking.id) ?? null,
      }));
    },
    async travelAhead(userId: string, now: Date): Promise<string[]> {
      const today = now.toISOString().slice(0, 10);
      return (await repository.ofUser(userId))
        .filter(({ booking }) => LIVE.has(booking.status) && booking.check_out >= today)
        .map(({ booking }) => booking.reference);
    },
    async erase(trx: Kysely<Database>, userId: string): Promise<number> {
      const held = await repository.ofUser(userId, trx);
      for (const { booking, rooms } of held) {
        const erasedRooms = rooms.map((r) => ({
          id: r.id,
          guests: r.guests.map((g) => ({
            given_name: ERASED_HOLDER.given_name,
            family_name: ERASED_HOLDER.family_name,
            ...(g.age !== undefined ? { age: g.age } : {}),
          })),
        }));
        await repository.replacePeople(
          trx,
          {
            id: booking.id,
            holder: { ...booking.holder, ...ERASED_HOLDER },
            names: searchableNames(ERASED_HOLDER, erasedRooms),
            special_requests: null,
          },
          erasedRooms,
        );
      }
      await repository.unsignReviews(trx, userId, REVIEW_AUTHOR_ERASED);
      return held.length;
    },
  };
}

export type HotelPersonalData = ReturnType<typeof createHotelPersonalData>;
