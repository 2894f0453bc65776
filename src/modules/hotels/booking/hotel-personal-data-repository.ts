import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import {
  decodeHotelBooking,
  decodeHotelBookingRoom,
  encodeHotelBooking,
  encodeHotelBookingRoom,
  type HotelBookingRecord,
  type HotelBookingRoomRecord,
} from './hotel-booking-record.ts';

/** A person's hotel bookings with their rooms, for their data export and erasure (hotel-personal-data.ts). */
export function createHotelPersonalDataRepository(db: Kysely<Database>) {
  return {
    async ofUser(userId: string, trx: Kysely<Database> = db) {
      const bookings = (
        await trx
          .selectFrom('hotel_bookings')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute()
      ).map(decodeHotelBooking);
      const rooms = bookings.length
        ? (
            await trx
              .selectFrom('hotel_booking_rooms')
              .selectAll()
              .where(
                'booking_id',
                'in',
                bookings.map((b) => b.id),
              )
              .orderBy('position')
              .execute()
          ).map(decodeHotelBookingRoom)
        : [];
      return bookings.map((b) => ({ booking: b, rooms: rooms.filter((r) => r.booking_id === b.id) }));
    },
    /** The reviews a person wrote, by the booking they review. */
    async reviewsOf(userId: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('hotel_reviews')
        .select([
          'booking_id',
          'score',
          'title',
          'text',
          'language',
          'author',
          'stayed_in',
          'status',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .where('source', '=', 'stay')
        .execute();
    },

    /** A person's reviews signed by nobody: their words stay with the hotel, their name goes. */
    async unsignReviews(trx: Kysely<Database>, userId: string, author: string): Promise<void> {
      await trx
        .updateTable('hotel_reviews')
        .set({ author })
        .where('user_id', '=', userId)
        .where('source', '=', 'stay')
        .execute();
    },

    async replacePeople(
      trx: Kysely<Database>,
      booking: Pick<HotelBookingRecord, 'id' | 'holder' | 'names' | 'special_requests'>,
      rooms: ReadonlyArray<Pick<HotelBookingRoomRecord, 'id' | 'guests'>>,
    ): Promise<void> {
      await trx
        .updateTable('hotel_bookings')
        .set((eb) => ({
          // The guarantee card goes with the person: nothing is charged to an erased stay.
          ...encodeHotelBooking({ holder: booking.holder, guarantee: null }),
          names: booking.names,
          special_requests: booking.special_requests,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', booking.id)
        .execute();
      for (const room of rooms)
        await trx
          .updateTable('hotel_booking_rooms')
          .set(encodeHotelBookingRoom({ guests: room.guests }))
          .where('id', '=', room.id)
          .execute();
      // The reservation messages made for channel managers name the guests: this copy of them goes.
      await trx.deleteFrom('channel_deliveries').where('booking_id', '=', booking.id).execute();
    },
  };
}
