import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { App } from '../../http/app-instance.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditLog } from '../audit/index.ts';
import { REFERENCE_RATES } from '../money/index.ts';
import { createExchangeRatesRepository } from './exchange-rates-repository.ts';
import { createRateSource } from './rate-source.ts';
import { ratesRoutes } from './rates.routes.ts';
import { createRatesService } from './rates-service.ts';

/** Exchange rates: imported by admins (API and CLI), held in memory by every process, the reference table until then. */
export async function exchangeRatesModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    scheduler: Scheduler;
    guards: { read: onRequestAsyncHookHandler; admin: onRequestAsyncHookHandler };
    pollMs: number;
    audit: Pick<AuditLog, 'record'>;
  },
) {
  const repository = createExchangeRatesRepository(deps.db);
  const source = createRateSource({ db: deps.db, repository, clock: deps.clock, reference: REFERENCE_RATES });
  await source.refresh();
  const service = createRatesService({
    db: deps.db,
    repository,
    source,
    clock: deps.clock,
    audit: deps.audit,
  });
  ratesRoutes(app, { service, source, guards: deps.guards });
  deps.scheduler.add({ name: 'exchange_rates.refresh', everyMs: deps.pollMs, run: () => source.refresh() });
  return { source, importRates: service.importRates };
}
