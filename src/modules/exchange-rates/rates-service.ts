import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { bumpVersion } from '../../db/versioned-cache.ts';
import { invalidFields } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditLog } from '../audit/index.ts';
import type { ExchangeRatesRepository } from './exchange-rates-repository.ts';
import { type RateFile, rateFileProblems } from './rate-file.ts';
import { RATES_COUNTER, type RateSource } from './rate-source.ts';

/** The rate table in force, as the API shows it. */
export function ratesView(source: RateSource) {
  const { table, source: from, dates } = source.current();
  const codes = [...table.perEuro.keys()].sort();
  return {
    as_of: table.asOf,
    base: 'EUR',
    source: from,
    rates: Object.fromEntries(codes.map((c) => [c, table.perEuro.get(c)!])),
    rates_as_of: Object.fromEntries(codes.map((c) => [c, dates.get(c) ?? table.asOf])),
  };
}

/** Imports a day's rates (replacing that day's, if any) for every process, and tells which rates are in force. */
export function createRatesService(deps: {
  db: Kysely<Database>;
  repository: ExchangeRatesRepository;
  source: RateSource;
  clock: Clock;
  audit: Pick<AuditLog, 'record'>;
}) {
  return {
    async importRates(file: RateFile) {
      const problems = rateFileProblems(file);
      if (problems.length > 0) throw invalidFields('The rate file', problems);
      const rates = Object.entries(file.rates).map(
        ([code, rate]) => [code, String(rate)] as [string, string],
      );
      await deps.db.transaction().execute(async (trx) => {
        await deps.repository.replaceDay(trx, file.as_of, rates, deps.clock.now().toISOString());
        await bumpVersion(trx, RATES_COUNTER);
        await deps.audit.record(
          {
            action: 'exchange_rates.imported',
            after: { as_of: file.as_of, rates: Object.fromEntries(rates) },
          },
          trx,
        );
      });
      await deps.source.refresh();
      return { as_of: file.as_of, currencies: rates.length, in_force: ratesView(deps.source) };
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
