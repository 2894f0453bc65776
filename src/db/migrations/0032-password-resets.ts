import type { Kysely } from 'kysely';

/**
 * Password resets and invitations: a request per row, its token (only its SHA-256 kept) made when its
 * mail is sent, used once before it expires. Mails of the outbox say what kind they are: a booking event's, or an account's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_resets_user')
    .on('password_resets')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('email_messages')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('booking'))
    .execute();
}
