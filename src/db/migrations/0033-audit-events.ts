import type { Kysely } from 'kysely';

/**
 * The audit log: who did what to what, from where, when, with the state before and after: written in the
 * transaction of the change it records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('agency_id', 'text')
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_events_at').on('audit_events').column('at').execute();
  await db.schema.createIndex('audit_events_action').on('audit_events').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_events_actor').on('audit_events').columns(['actor_id', 'id']).execute();
  await db.schema
    .createIndex('audit_events_target')
    .on('audit_events')
    .columns(['target_id', 'id'])
    .execute();
}
