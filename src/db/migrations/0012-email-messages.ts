import type { Kysely } from 'kysely';

/**
 * E-mails to travellers: one row per mail an event calls for, made in the event's transaction (so a
 * crash neither loses nor doubles one), sent by a mailer in any process that claims it with a lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_messages_due')
    .on('email_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
