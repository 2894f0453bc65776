import type { Kysely } from 'kysely';
import { createSealer, type DataKey, type Sealer } from '../shared/sealed-data.ts';
import { sharedSecret } from './service-secrets.ts';
import type { Database } from './tables.ts';

/** The id of the key an installation without `DATA_KEYS` seals with: made once, kept in the database. */
export const STORED_KEY_ID = 'db';

/**
 * The sealer of personal data at rest: the configured keys (`DATA_KEYS`, the first sealing), and the key
 * kept in the database, which seals when none is configured and otherwise only opens what it sealed before
 * (`itinera data reseal` moves that to the configured key).
 */
export async function dataSealer(db: Kysely<Database>, configured: readonly DataKey[]): Promise<Sealer> {
  const stored = { id: STORED_KEY_ID, key: Buffer.from(await sharedSecret(db, 'data_key'), 'base64url') };
  return createSealer([...configured, ...(configured.some((k) => k.id === STORED_KEY_ID) ? [] : [stored])]);
}
