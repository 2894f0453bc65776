import type { Kysely } from 'kysely';

/**
 * Pictures imported for real hotels (from a URL or a file): kept as WebP of at most 1920 pixels wide,
 * base64 (the same column on both engines), served in the widths pictures are served at. A picture of a
 * room type has its id; a hotel's own pictures are listed in its `images`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hotel_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hotel_id', 'text', (c) => c.notNull().references('hotels.id'))
    .addColumn('room_type_id', 'text', (c) => c.references('room_types.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('hotel_images_hotel')
    .on('hotel_images')
    .columns(['hotel_id', 'room_type_id'])
    .execute();
}
