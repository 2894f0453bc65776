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
  /** `imported`: at least one rate was imported; the others are the shipped reference table's. */
  source: 'imported' | 'reference';
  /** The date of each currency's rate. */
  dates: ReadonlyMap<string, string>;
}

/**
 * The exchange rates every process uses: for each currency, its latest imported rate dated on or before
 * today, or the shipped reference table's while none is (an import of three currencies leaves the other
 * eighty-six as they were). Held in memory for searches and payments (read without
 * waiting), and reloaded when an import anywhere moves the counter, or a new day may bring a rate dated
 * for it into force.
 */
export function createRateSource(deps: {
  db: Kysely<Database>;
  repository: ExchangeRatesRepository;
  clock: Clock;
  reference: RateTable;
}) {
  const referenceDates = () =>
    new Map([...deps.reference.perEuro.keys()].map((c) => [c, deps.reference.asOf]));
  let held: CurrentRates = { table: deps.reference, source: 'reference', dates: referenceDates() };
  let loadedFor = { version: -1, day: '' };

  return {
    /** The rates in force now (as last loaded). */
    table: (): RateTable => held.table,
    current: (): CurrentRates => held,
    /** The change counter of the rates held (-1 before the first load). */
    version: (): number => loadedFor.version,
    async refresh(): Promise<CurrentRates> {
      const version = await readVersion(deps.db, RATES_COUNTER);
      const day = deps.clock.now().toISOString().slice(0, 10);
      if (version === loadedFor.version && day === loadedFor.day) return held;
      const latest = await deps.repository.latest(day);
      const dates = referenceDates();
      const perEuro = new Map(deps.reference.perEuro);
      for (const r of latest?.rows ?? []) {
        perEuro.set(r.currency, Number(r.per_euro));
        dates.set(r.currency, r.as_of);
      }
      held = latest
        ? { table: { asOf: latest.asOf, perEuro }, source: 'imported', dates }
        : { table: deps.reference, source: 'reference', dates };
      loadedFor = { version, day };
      return held;
    },
  };
}

export type RateSource = ReturnType<typeof createRateSource>;
