import type { Kysely } from 'kysely';

/**
 * The website's own OAuth client: public (no secret), password and refresh_token grants. Its tokens are
 * issued through the web session routes, which keep the refresh token in an HttpOnly cookie.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema has its types
  await (db as Kysely<any>)
    .insertInto('oauth_clients')
    .values({
      client_id: 'itinera-web',
      name: 'Itinera website',
      secret_hash: null,
      grant_types: 'password refresh_token',
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
}
