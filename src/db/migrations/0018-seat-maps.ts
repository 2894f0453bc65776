import type { Kysely } from 'kysely';

/**
 * Seat maps: a layout per aircraft type (its cabins as JSON, imported with the schedules), and what each
 * fare charges to choose a seat (a standard and a preferred seat, minor units; null: not allowed), free
 * for fares imported before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seat_layouts')
    .addColumn('aircraft', 'text', (c) => c.primaryKey())
    .addColumn('cabins', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('fares')
    .addColumn('seat_fee_standard', 'integer', (c) => c.defaultTo(0))
    .execute();
  await db.schema
    .alterTable('fares')
    .addColumn('seat_fee_preferred', 'integer', (c) => c.defaultTo(0))
    .execute();
}
