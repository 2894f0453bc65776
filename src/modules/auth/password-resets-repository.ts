import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

/** Password resets asked for, their tokens (as SHA-256 only) and their use. */
export function createPasswordResetsRepository(db: Kysely<Database>) {
  return {
    /** A reset asked for, in the transaction that puts its mail in the outbox. */
    async insert(
      trx: Kysely<Database>,
      row: { id: string; user_id: string; purpose: 'reset' | 'invite'; language: string; created_at: string },
    ): Promise<void> {
      await trx
        .insertInto('password_resets')
        .values({ ...row, token_hash: null, expires_at: null, used_at: null })
        .execute();
    },

    /** How many resets an account asked for since `since`. */
    async countSince(userId: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('password_resets')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** An unused reset with its account, if the account can still sign in: what its mail is written from. */
    async pending(id: string) {
      return db
        .selectFrom('password_resets as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['u.username', 'u.email', 'r.language', 'r.purpose'])
        .where('r.id', '=', id)
        .where('r.used_at', 'is', null)
        .where('u.disabled', '=', 0)
        .executeTakeFirst();
    },

    /**
     * Gives an unused reset its token as its mail is sent (a mail sent again gets a new one, and the link
     * of the attempt before stops working); false when it was used or ended meanwhile.
     */
    async issue(id: string, tokenHash: string, expiresAt: string): Promise<boolean> {
      const updated = await db
        .updateTable('password_resets')
        .set({ token_hash: tokenHash, expires_at: expiresAt })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** Uses a token once: the account it resets, if the token was unused and unexpired at `now`. */
    async use(trx: Kysely<Database>, tokenHash: string, now: string): Promise<string | undefined> {
      const row = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Ends an account's other resets (a new password makes their links useless). */
    async endFor(trx: Kysely<Database>, userId: string, now: string): Promise<void> {
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
