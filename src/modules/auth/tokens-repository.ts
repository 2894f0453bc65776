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
    /**
     * Revokes every refresh family of an account (but `except`, the caller's own): its sign-ins, and their
     * access tokens, end. In `trx` when given.
     */
    async revokeUserFamilies(
      userId: string,
      now: string,
      options: { trx?: Kysely<Database>; except?: string | null } = {},
    ): Promise<void> {
      let query = (options.trx ?? db)
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (options.except) query = query.where('family_id', '!=', options.except);
      await query.execute();
    },
    async revokeAccessToken(jti: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('revoked_access_tokens')
        .values({ jti, expires_at: expiresAt })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
    },
    /**
     * Whether an access token no longer counts, in one query: the token itself was revoked, its sign-in
     * (refresh family) was revoked, or its account is disabled, gone, or of a suspended agency. Asked on every request, so
     * revocation takes effect at once on every process.
     */
    async isAccessRevoked(token: {
      jti: string;
      sessionId: string | null;
      userId: string;
      /** When it was issued (to the second); one issued before the account's sessions were ended is refused. */
      issuedAt?: Date;
    }): Promise<boolean> {
      // Issued within the second the sessions ended counts as before: a token's time is whole seconds.
      const issued = token.issuedAt ? new Date(token.issuedAt.getTime() - 999).toISOString() : '';
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .exists(eb.selectFrom('revoked_access_tokens').select('jti').where('jti', '=', token.jti))
            .as('token'),
          eb
            .not(
              eb.exists(
                eb
                  .selectFrom('users')
                  .leftJoin('agencies', 'agencies.id', 'users.agency_id')
                  .select('users.id')
                  .where('users.id', '=', token.userId)
                  .where('users.disabled', '=', 0)
                  .where('agencies.suspended_at', 'is', null)
                  .where((w) =>
                    w.or([
                      w('users.sessions_reset_at', 'is', null),
                      w('users.sessions_reset_at', '<', issued),
                    ]),
                  ),
              ),
            )
            .as('account'),
          eb
            .exists(
              eb
                .selectFrom('refresh_tokens')
                .select('id')
                .where('family_id', '=', token.sessionId ?? '')
                .where('revoked_at', 'is not', null),
            )
            .as('session'),
        ])
        .executeTakeFirstOrThrow();
      return Boolean(row.token) || Boolean(row.account) || Boolean(row.session);
    },

    /** Whether a refresh token family has been revoked (any of its tokens carries the revocation). */
    async isFamilyRevoked(familyId: string): Promise<boolean> {
      const row = await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is not', null)
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
