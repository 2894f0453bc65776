import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './tables.ts';

/**
 * A random secret shared by every process on the database: made once by whichever starts first. Read
 * first, so that a process (or a search thread) starting on a database that has it writes nothing.
 */
export async function sharedSecret(db: Kysely<Database>, name: string): Promise<string> {
  const read = () =>
    db.selectFrom('service_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const held = await read();
  if (held) return held.value;
  await db
    .insertInto('service_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await read();
  if (!row) throw new Error(`the shared secret ${name} could not be made`);
  return row.value;
}
