import type { JWK } from 'jose';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SigningKeysTable } from '../../db/tables.ts';

type SigningKeyRow = Selectable<SigningKeysTable>;

/** A signing key as the code sees it: its JWKs as objects. */
export interface SigningKeyRecord extends Omit<SigningKeyRow, 'private_jwk' | 'public_jwk'> {
  private_jwk: JWK;
  public_jwk: JWK;
}

export function createSigningKeysRepository(db: Kysely<Database>) {
  return {
    /** Active keys, oldest first: every process signs with the first, so they agree. */
    async listActive(): Promise<SigningKeyRecord[]> {
      const rows = await db
        .selectFrom('signing_keys')
        .selectAll()
        .where('retired_at', 'is', null)
        .orderBy('created_at')
        .orderBy('kid')
        .execute();
      return rows.map((row) => ({
        ...row,
        private_jwk: JSON.parse(row.private_jwk) as JWK,
        public_jwk: JSON.parse(row.public_jwk) as JWK,
      }));
    },
    async insert(key: SigningKeyRecord): Promise<void> {
      await db
        .insertInto('signing_keys')
        .values({
          ...key,
          private_jwk: JSON.stringify(key.private_jwk),
          public_jwk: JSON.stringify(key.public_jwk),
        })
        .execute();
    },
  };
}

export type SigningKeysRepository = ReturnType<typeof createSigningKeysRepository>;
