import type { Kysely } from 'kysely';

/**
 * Content in several languages: a hotel's description in languages other than English, and a room type's
 * description in each language it has (JSON objects by ISO 639-1 code).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('hotels')
    .addColumn('descriptions', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('room_types')
    .addColumn('descriptions', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
