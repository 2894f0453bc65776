import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { App } from '../../http/app-instance.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { AuditLog } from '../audit/index.ts';
import type { RateTable } from '../money/index.ts';
import { pricingRoutes } from './pricing.routes.ts';
import { createPricingRepository } from './pricing-repository.ts';
import { createPricingService } from './pricing-service.ts';
import { createPricingSource } from './pricing-source.ts';

/** Pricing rules: managed by admins (API and CLI), held in memory by every process for searches and bookings. */
export async function pricingModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    ids: IdGenerator;
    scheduler: Scheduler;
    rates: () => RateTable;
    guard: onRequestAsyncHookHandler;
    pollMs: number;
    audit: Pick<AuditLog, 'record'>;
  },
) {
  const repository = createPricingRepository(deps.db);
  const source = createPricingSource({ db: deps.db, repository, rates: deps.rates });
  await source.refresh();
  const service = createPricingService({
    db: deps.db,
    repository,
    source,
    clock: deps.clock,
    ids: deps.ids,
    audit: deps.audit,
  });
  pricingRoutes(app, { service, guard: deps.guard });
  deps.scheduler.add({ name: 'pricing_rules.refresh', everyMs: deps.pollMs, run: () => source.refresh() });
  return { termsFor: source.termsFor, version: source.version, refresh: source.refresh, service };
}
