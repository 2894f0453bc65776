import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { FailureRecord } from './lockout.ts';

export function createLoginFailuresRepository(db: Kysely<Database>) {
  return {
    /**
     * Reserves one attempt before the password is checked, in a single statement (an upsert with
     * RETURNING, on both engines), so concurrent attempts each count and none can read a stale count.
     * A count whose window began before `cutoff` starts again at 1. Returns the attempts counted in the
     * window (this one included) and the lock, if any; a successful sign-in clears both.
     */
    async reserveAttempt(accountKey: string, now: Date, cutoff: Date): Promise<FailureRecord> {
      const started = sql.ref('login_failures.window_started_at');
      const expired = sql<boolean>`${started} < ${cutoff.toISOString()}`;
      const row = await db
        .insertInto('login_failures')
        .values({
          account_key: accountKey,
          failures: 1,
          window_started_at: now.toISOString(),
          locked_until: null,
        })
        .onConflict((oc) =>
          oc.column('account_key').doUpdateSet({
            failures: sql<number>`case when ${expired} then 1 else ${sql.ref('login_failures.failures')} + 1 end`,
            window_started_at: sql<string>`case when ${expired} then ${now.toISOString()} else ${started} end`,
          }),
        )
        .returning(['failures', 'window_started_at', 'locked_until'])
        .executeTakeFirstOrThrow();
      return {
        failures: Number(row.failures),
        windowStartedAt: new Date(row.window_started_at),
        lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
      };
    },

    /** Locks until `until` (never shortening a longer lock already set). */
    async lock(accountKey: string, until: Date): Promise<void> {
      await db
        .updateTable('login_failures')
        .set({ locked_until: until.toISOString() })
        .where('account_key', '=', accountKey)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', until.toISOString())]))
        .execute();
    },

    async clear(accountKey: string): Promise<void> {
      await db.deleteFrom('login_failures').where('account_key', '=', accountKey).execute();
    },

    /** Drops counts that can no longer matter: their window ended before `cutoff` and no lock holds. */
    async purgeStale(now: Date, cutoff: Date): Promise<number> {
      const result = await db
        .deleteFrom('login_failures')
        .where('window_started_at', '<', cutoff.toISOString())
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
