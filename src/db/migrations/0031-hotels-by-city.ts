import type { Kysely } from 'kysely';

/**
 * Hotels read city by city (the search index is built in that order, so that a city's hotels lie
 * together in memory): an index on city and id, which also serves what the city index alone served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('hotels_city_id').on('hotels').columns(['city_id', 'id']).execute();
  await db.schema.dropIndex('hotels_city').execute();
}
