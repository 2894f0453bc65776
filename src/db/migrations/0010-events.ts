import type { Kysely } from 'kysely';

/**
 * The event log (an outbox): one row per change of a booking or of the inventory, written in the
 * transaction that makes the change, read by `GET /events` and, later, by the webhook and e-mail
 * deliverers. `data` holds the resource as it was right after the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('api_version', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('agency_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  for (const column of ['user_id', 'agency_id', 'type', 'booking_id'])
    await db.schema.createIndex(`events_${column}`).on('events').columns([column, 'id']).execute();
}
