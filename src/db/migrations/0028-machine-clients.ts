import type { Kysely } from 'kysely';

/**
 * Machine clients (RFC 6749 §4.4): a confidential client may act as an account of its own (its service
 * user: an agency's agent or an operator's admin), within the scopes given to it; its secret can be
 * rotated with the previous one honoured until a grace ends, and the client revoked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_clients').addColumn('service_user_id', 'text').execute();
  await db.schema.alterTable('oauth_clients').addColumn('scopes', 'text').execute();
  await db.schema.alterTable('oauth_clients').addColumn('previous_secret_hash', 'text').execute();
  await db.schema.alterTable('oauth_clients').addColumn('previous_secret_expires_at', 'text').execute();
  await db.schema.alterTable('oauth_clients').addColumn('revoked_at', 'text').execute();
}
