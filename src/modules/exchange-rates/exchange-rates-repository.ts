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

    /**
     * Each currency's rate of its latest imported date on or before `day` (a day's import need not name
     * every currency: the others keep their last rate), with that date; undefined if none was imported.
     */
    async latest(day: string) {
      const rows = await db
        .selectFrom('exchange_rates as e')
        .select(['e.currency', 'e.per_euro', 'e.as_of'])
        .where('e.as_of', '<=', day)
        .where((eb) =>
          eb(
            'e.as_of',
            '=',
            eb
              .selectFrom('exchange_rates as l')
              .select((l) => l.fn.max('l.as_of').as('latest'))
              .whereRef('l.currency', '=', 'e.currency')
              .where('l.as_of', '<=', day),
          ),
        )
        .orderBy('e.currency')
        .execute();
      if (rows.length === 0) return undefined;
      return { asOf: rows.reduce((max, r) => (r.as_of > max ? r.as_of : max), rows[0]!.as_of), rows };
    },
  };
}

export type ExchangeRatesRepository = ReturnType<typeof createExchangeRatesRepository>;
