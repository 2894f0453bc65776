import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

/** Imported exchange rates, by the date they are for. */
export function createExchangeRatesRepository(db: Kysely<Database>) {
  return {
    /** Replaces the rates of one date with these, in the caller's transaction. */
    async replaceDay(
      trx: Kysely<Database>,
      asOf: string,
      rates: ReadonlyArray<[string, string]>,
      now: string,
    ): Promise<void> {
      await trx.deleteFrom('exchange_rates').where('as_of', '=', asOf).execute();
      await trx
        .insertInto('exchange_rates')
        .values(
          rates.map(([currency, perEuro]) => ({
            as_of: asOf,
            currency,
            per_euro: perEuro,
            imported_at: now,
          })),
        )
        .execute();
    },

    /** The rates of the latest date on or before `day`, if any were imported. */
    async latest(day: string) {
      const found = await db
        .selectFrom('exchange_rates')
        .select((eb) => eb.fn.max('as_of').as('as_of'))
        .where('as_of', '<=', day)
        .executeTakeFirst();
      if (!found?.as_of) return undefined;
      const rows = await db
        .selectFrom('exchange_rates')
        .select(['currency', 'per_euro'])
        .where('as_of', '=', found.as_of)
        .execute();
      return { asOf: found.as_of, rows };
    },
  };
}

export type ExchangeRatesRepository = ReturnType<typeof createExchangeRatesRepository>;
