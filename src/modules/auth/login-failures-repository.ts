import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { FailureRecord } from './lockout.ts';

export function createLoginFailuresRepository(db: Kysely<Database>) {
  return {
    async find(accountKey: string): Promise<FailureRecord | undefined> {
      const row = await db
        .selectFrom('login_failures')
        .selectAll()
        .where('account_key', '=', accountKey)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        failures: row.failures,
        windowStartedAt: new Date(row.window_started_at),
        lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
      };
    },

    /**
     * Counts one failure in a single statement (an upsert with RETURNING, on both engines), so
     * concurrent failures each count. A count whose window began before `cutoff` starts again at 1.
     */
    async countFailure(accountKey: string, now: Date, cutoff: Date): Promise<number> {
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
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },

    async lock(accountKey: string, until: Date, now: Date): Promise<void> {
      await db
        .updateTable('login_failures')
        .set({ locked_until: until.toISOString(), failures: 0, window_started_at: now.toISOString() })
        .where('account_key', '=', accountKey)
        .execute();
    },

    async clear(accountKey: string): Promise<void> {
      await db.deleteFrom('login_failures').where('account_key', '=', accountKey).execute();
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
