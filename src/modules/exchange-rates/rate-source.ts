import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { readVersion } from '../../db/versioned-cache.ts';
import type { Clock } from '../../ports/clock.ts';
import type { RateTable } from '../money/index.ts';
import type { ExchangeRatesRepository } from './exchange-rates-repository.ts';

export const RATES_COUNTER = 'exchange_rates';

/** The rate table in force, and where it came from. */
export interface CurrentRates {
  table: RateTable;
  source: 'imported' | 'reference';
}

/**
 * The exchange rates every process uses: the latest imported date on or before today, or the shipped
 * reference table while none is imported. Held in memory for searches and payments (read without
 * waiting), and reloaded when an import anywhere moves the counter, or a new day may bring a rate dated
 * for it into force.
 */
export function createRateSource(deps: {
  db: Kysely<Database>;
  repository: ExchangeRatesRepository;
  clock: Clock;
  reference: RateTable;
}) {
  let held: CurrentRates = { table: deps.reference, source: 'reference' };
  let loadedFor = { version: -1, day: '' };

  return {
    /** The rates in force now (as last loaded). */
    table: (): RateTable => held.table,
    current: (): CurrentRates => held,
    async refresh(): Promise<CurrentRates> {
      const version = await readVersion(deps.db, RATES_COUNTER);
      const day = deps.clock.now().toISOString().slice(0, 10);
      if (version === loadedFor.version && day === loadedFor.day) return held;
      const latest = await deps.repository.latest(day);
      held = latest
        ? {
            table: {
              asOf: latest.asOf,
              perEuro: new Map(latest.rows.map((r) => [r.currency, Number(r.per_euro)])),
            },
            source: 'imported',
          }
        : { table: deps.reference, source: 'reference' };
      loadedFor = { version, day };
      return held;
    },
  };
}

export type RateSource = ReturnType<typeof createRateSource>;
