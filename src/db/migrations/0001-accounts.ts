import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agencies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sqlIn('role', ['customer', 'agent', 'admin'])))
    .addColumn('agency_id', 'text', (c) => c.references('agencies.id'))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text')
    .addColumn('grant_types', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.client_id'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('revoked_access_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('alg', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('account_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();
}

function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
