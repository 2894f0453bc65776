import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './tables.ts';

/** A random secret shared by every process on the database: made once by whichever starts first. */
export async function sharedSecret(db: Kysely<Database>, name: string): Promise<string> {
  await db
    .insertInto('service_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('service_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
