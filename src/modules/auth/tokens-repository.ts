import type { Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/tables.ts';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** Refresh tokens (stored as hashes) and the deny-list of revoked access tokens. */
export function createTokensRepository(db: Kysely<Database>) {
  return {
    async insertRefresh(row: RefreshTokenRow): Promise<void> {
      await db.insertInto('refresh_tokens').values(row).execute();
    },
    async findRefreshByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      return db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /** Marks a refresh token used; false when another request used it first. */
    async markRefreshUsed(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async revokeFamily(familyId: string, now: string): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAccessToken(jti: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('revoked_access_tokens')
        .values({ jti, expires_at: expiresAt })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
    },
    async isAccessTokenRevoked(jti: string): Promise<boolean> {
      const row = await db
        .selectFrom('revoked_access_tokens')
        .select('jti')
        .where('jti', '=', jti)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Removes what can no longer matter: expired deny-list entries and long-expired refresh tokens. */
    async purgeExpired(now: string): Promise<void> {
      await db.deleteFrom('revoked_access_tokens').where('expires_at', '<', now).execute();
      await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute();
    },
  };
}

export type TokensRepository = ReturnType<typeof createTokensRepository>;
