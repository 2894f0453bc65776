import type { Insertable, Kysely } from 'kysely';
import type { Database, HotelReviewsTable } from '../../../db/tables.ts';

/** A hotel's score as kept: the average of its published reviews out of 10, times ten, rounded; 0 with none. */
export function scoreOf(count: number, sum: number): number {
  return count === 0 ? 0 : Math.round((sum * 10) / count);
}

/**
 * The score and count a hotel keeps of its published reviews, made again from them whenever they change
 * (a review moderated, or the reviews imported with the hotel's content replaced).
 */
export function createReviewScores() {
  return {
    async rescore(trx: Kysely<Database>, hotelId: string): Promise<void> {
      const row = await trx
        .selectFrom('hotel_reviews')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('score').as('sum')])
        .where('hotel_id', '=', hotelId)
        .where('status', '=', 'published')
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      await trx
        .updateTable('hotels')
        .set({ review_score: scoreOf(count, Number(row.sum ?? 0)), review_count: count })
        .where('id', '=', hotelId)
        .execute();
    },

    /** A hotel's imported reviews replaced by the file's (its guests' own reviews stay). */
    async replaceImported(
      trx: Kysely<Database>,
      hotelId: string,
      rows: Array<Insertable<HotelReviewsTable>>,
    ): Promise<void> {
      await trx
        .deleteFrom('hotel_reviews')
        .where('hotel_id', '=', hotelId)
        .where('source', '=', 'imported')
        .execute();
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('hotel_reviews')
          .values(rows.slice(i, i + 200))
          .execute();
      await this.rescore(trx, hotelId);
    },
  };
}

export type ReviewScores = ReturnType<typeof createReviewScores>;
