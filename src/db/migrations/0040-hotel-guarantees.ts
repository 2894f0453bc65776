import type { Kysely } from 'kysely';

/**
 * A hotel booking of a rate paid at the hotel keeps the card that guarantees it (JSON: the provider's
 * token and what may be shown of the card), charged only for a no-show or a late cancellation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('hotel_bookings').addColumn('guarantee', 'text').execute();
}
