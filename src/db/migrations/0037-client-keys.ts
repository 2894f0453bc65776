import type { Kysely } from 'kysely';

/**
 * Machine clients that authenticate with a signed JWT (RFC 7523 `private_key_jwt`): their public keys,
 * inline or at a URL; and each assertion's `jti`, kept until it expires, so none is accepted twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_clients').addColumn('jwks', 'text').execute();
  await db.schema.alterTable('oauth_clients').addColumn('jwks_uri', 'text').execute();
  await db.schema
    .createTable('client_assertions')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('jti', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_assertions_pk', ['client_id', 'jti'])
    .execute();
  await db.schema
    .createIndex('client_assertions_expiry')
    .on('client_assertions')
    .column('expires_at')
    .execute();
}
