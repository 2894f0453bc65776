import type { Kysely } from 'kysely';
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
    async save(accountKey: string, record: FailureRecord): Promise<void> {
      const values = {
        failures: record.failures,
        window_started_at: record.windowStartedAt.toISOString(),
        locked_until: record.lockedUntil?.toISOString() ?? null,
      };
      await db
        .insertInto('login_failures')
        .values({ account_key: accountKey, ...values })
        .onConflict((oc) => oc.column('account_key').doUpdateSet(values))
        .execute();
    },
    async clear(accountKey: string): Promise<void> {
      await db.deleteFrom('login_failures').where('account_key', '=', accountKey).execute();
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
