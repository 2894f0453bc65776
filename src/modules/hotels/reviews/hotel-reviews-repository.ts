import type { Kysely, Selectable } from 'kysely';
import type { Database, HotelReviewsTable } from '../../../db/tables.ts';
import type { ReviewStatus } from './hotel-review-rules.ts';

export type HotelReviewRow = Selectable<HotelReviewsTable>;

/** Guest reviews and the score and count each hotel keeps of its published ones. */
export function createHotelReviewsRepository(db: Kysely<Database>) {
  return {
    async insert(trx: Kysely<Database>, row: HotelReviewRow): Promise<void> {
      await trx.insertInto('hotel_reviews').values(row).execute();
    },

    findById(trx: Kysely<Database>, id: string): Promise<HotelReviewRow | undefined> {
      return trx.selectFrom('hotel_reviews').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByBooking(bookingId: string): Promise<HotelReviewRow | undefined> {
      return db
        .selectFrom('hotel_reviews')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .executeTakeFirst();
    },

    /** Newest first, after the review `afterId`; one hotel's, or every hotel's; in one status. */
    list(
      filter: { hotelId?: string | undefined; status: ReviewStatus },
      afterId: string | undefined,
      limit: number,
    ): Promise<HotelReviewRow[]> {
      let query = db.selectFrom('hotel_reviews').selectAll().where('status', '=', filter.status);
      if (filter.hotelId) query = query.where('hotel_id', '=', filter.hotelId);
      if (afterId) query = query.where('id', '<', afterId);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    /** Moves a review from one status to another if it is still in the first; returns whether it did. */
    async moderate(
      trx: Kysely<Database>,
      id: string,
      from: ReviewStatus,
      fields: Pick<HotelReviewRow, 'status' | 'rejection_reason' | 'moderated_at' | 'moderated_by'>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('hotel_reviews')
        .set(fields)
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async hotelScore(hotelId: string): Promise<{ review_score: number; review_count: number } | undefined> {
      return db
        .selectFrom('hotels')
        .select(['review_score', 'review_count'])
        .where('id', '=', hotelId)
        .executeTakeFirst();
    },
  };
}

export type HotelReviewsRepository = ReturnType<typeof createHotelReviewsRepository>;
