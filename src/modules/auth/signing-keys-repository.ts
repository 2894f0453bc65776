import type { Kysely, Selectable } from 'kysely';
import type { Database, SigningKeysTable } from '../../db/tables.ts';

export type SigningKeyRow = Selectable<SigningKeysTable>;

export function createSigningKeysRepository(db: Kysely<Database>) {
  return {
    /** Active keys, oldest first: every process signs with the first, so they agree. */
    async listActive(): Promise<SigningKeyRow[]> {
      return db
        .selectFrom('signing_keys')
        .selectAll()
        .where('retired_at', 'is', null)
        .orderBy('created_at')
        .orderBy('kid')
        .execute();
    },
    async insert(row: SigningKeyRow): Promise<void> {
      await db.insertInto('signing_keys').values(row).execute();
    },
  };
}

export type SigningKeysRepository = ReturnType<typeof createSigningKeysRepository>;
