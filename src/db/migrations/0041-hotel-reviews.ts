import type { Kysely } from 'kysely';

/**
 * Guest reviews: one per completed stay (its booking), pending until an admin publishes or rejects it;
 * or imported with the hotel's content (reviews of stays sold elsewhere: no booking here). A hotel keeps
 * the score and count of its published reviews, which search shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hotel_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.unique().references('hotel_bookings.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('hotel_id', 'text', (c) => c.notNull().references('hotels.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('stayed_in', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rejection_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('moderated_at', 'text')
    .addColumn('moderated_by', 'text')
    .execute();
  await db.schema
    .createIndex('hotel_reviews_hotel')
    .on('hotel_reviews')
    .columns(['hotel_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('hotel_reviews_status')
    .on('hotel_reviews')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .alterTable('hotels')
    .addColumn('review_score', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('hotels')
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
