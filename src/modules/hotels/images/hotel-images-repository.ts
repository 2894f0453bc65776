import type { Kysely, Selectable } from 'kysely';
import type { Database, HotelImagesTable } from '../../../db/tables.ts';

export type HotelImageRow = Selectable<HotelImagesTable>;

/** Imported pictures of hotels and room types. */
export function createHotelImagesRepository(db: Kysely<Database>) {
  return {
    async insert(trx: Kysely<Database>, row: HotelImageRow): Promise<void> {
      await trx.insertInto('hotel_images').values(row).execute();
    },
    /** A picture's bytes, if it is one of this hotel's. */
    async find(hotelCode: string, id: string) {
      return db
        .selectFrom('hotel_images')
        .innerJoin('hotels', 'hotels.id', 'hotel_images.hotel_id')
        .select([
          'hotel_images.id',
          'hotel_images.data',
          'hotel_images.room_type_id',
          'hotels.id as hotel_id',
        ])
        .where('hotel_images.id', '=', id)
        .where('hotels.code', '=', hotelCode)
        .executeTakeFirst();
    },
    findById: (id: string) =>
      db
        .selectFrom('hotel_images')
        .select(['id', 'hotel_id', 'room_type_id', 'source', 'width', 'height', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst(),
    /** The newest picture of each room type of a hotel that has one, by room type id. */
    async roomPictures(hotelId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('hotel_images')
        .select(['id', 'room_type_id'])
        .where('hotel_id', '=', hotelId)
        .where('room_type_id', 'is not', null)
        .orderBy('id')
        .execute();
      return new Map(rows.map((r) => [r.room_type_id!, r.id]));
    },
    async remove(trx: Kysely<Database>, id: string): Promise<void> {
      await trx.deleteFrom('hotel_images').where('id', '=', id).execute();
    },
  };
}

export type HotelImagesRepository = ReturnType<typeof createHotelImagesRepository>;
