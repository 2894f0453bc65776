import type { Kysely } from 'kysely';

/** An operator's new time for one dated flight: its local departure and its duration that day. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flight_retimes')
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addColumn('departure_date', 'text', (c) => c.notNull())
    .addColumn('departure_time', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('flight_retimes_pk', ['schedule_id', 'departure_date'])
    .execute();
}
