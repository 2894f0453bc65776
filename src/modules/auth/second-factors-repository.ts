import type { Kysely, Selectable } from 'kysely';
import type { Database, SecondFactorsTable } from '../../db/tables.ts';
import type { Sealer } from '../../shared/sealed-data.ts';

export type SecondFactorRow = Selectable<SecondFactorsTable>;

/** People's second factors: one row per person, being set up or confirmed. */
export function createSecondFactorsRepository(db: Kysely<Database>) {
  return {
    find: (userId: string, trx: Kysely<Database> = db) =>
      trx.selectFrom('second_factors').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** A new key being set up, replacing whatever was there (confirmed or not). */
    async begin(row: SecondFactorRow, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('second_factors').where('user_id', '=', row.user_id).execute();
      await trx.insertInto('second_factors').values(row).execute();
    },

    /** Confirms the key being set up with the step of its first code, unless confirmed meanwhile. */
    async confirm(
      userId: string,
      step: number,
      recoveryCodes: string,
      at: string,
      trx: Kysely<Database> = db,
    ) {
      const result = await trx
        .updateTable('second_factors')
        .set({ confirmed_at: at, last_step: step, recovery_codes: recoveryCodes })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Takes a time step as used, if no later one was: two sign-ins with one code, one wins. */
    async useStep(userId: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('second_factors')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Replaces the unused recovery codes, if they are still `before`: a code is used once. */
    async useRecoveryCode(userId: string, before: string, after: string): Promise<boolean> {
      const result = await db
        .updateTable('second_factors')
        .set({ recovery_codes: after })
        .where('user_id', '=', userId)
        .where('recovery_codes', '=', before)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(userId: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('second_factors').where('user_id', '=', userId).execute();
    },
  };
}

export type SecondFactorsRepository = ReturnType<typeof createSecondFactorsRepository>;

/** Seals every second factor's key again with the current data key; how many. */
export async function resealSecondFactors(
  db: Kysely<Database>,
  sealer: Pick<Sealer, 'seal' | 'open' | 'isCurrent'>,
): Promise<number> {
  let done = 0;
  for (const row of await db.selectFrom('second_factors').selectAll().execute()) {
    if (sealer.isCurrent(row.secret)) continue;
    const context = `second_factor:${row.user_id}`;
    const result = await db
      .updateTable('second_factors')
      .set({ secret: sealer.seal(sealer.open(row.secret, context), context) })
      .where('user_id', '=', row.user_id)
      .where('secret', '=', row.secret)
      .executeTakeFirst();
    done += Number(result.numUpdatedRows);
  }
  return done;
}
