import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { App } from '../../http/app-instance.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { LedgerRepository } from '../ledger/index.ts';
import type { RateTable } from '../money/index.ts';
import { createCardTokenization } from './card-tokenization.ts';
import { createCardTokensRepository } from './card-tokens-repository.ts';
import { createPaymentOperations } from './payment-operations.ts';
import type { Billing } from './payment-types.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsRepository } from './payments-repository.ts';
import { createPaymentsService } from './payments-service.ts';
import { createTestGateway } from './test-gateway.ts';

/** Gateway operations claimed at a time. */
const BATCH = 50;

/** Payments: card tokens, the service products pay through, and the job doing the gateway's part. */
export function paymentsModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    ledger: LedgerRepository;
    /** The exchange rates in force (a balance in another currency pays at them). */
    rates: () => RateTable;
    clock: Clock;
    ids: IdGenerator;
    scheduler: Scheduler;
    guard: onRequestAsyncHookHandler;
    settings: { gateway: 'test'; pollMs: number; orphanAfterMs: number; leaseMs: number };
    /** How often expired card tokens are deleted (the app's purge interval). */
    purgeMs: number;
    /** Invoices and credit notes, issued as money moves. */
    billing: Billing;
  },
) {
  const gateway = createTestGateway({ db: deps.db, clock: deps.clock, ids: deps.ids });
  const cardTokens = createCardTokensRepository(deps.db);
  const payments = createPaymentsRepository(deps.db);
  paymentsRoutes(app, {
    cards: createCardTokenization({ gateway, tokens: cardTokens, clock: deps.clock, ids: deps.ids }),
    guard: deps.guard,
  });
  const operations = createPaymentOperations({
    db: deps.db,
    payments,
    gateway,
    clock: deps.clock,
    ids: deps.ids,
    leaseMs: deps.settings.leaseMs,
    batch: BATCH,
    orphanAfterMs: deps.settings.orphanAfterMs,
    onFailure: (op, error) =>
      app.log.warn({ error, operation: op.id, kind: op.kind }, 'payment operation failed'),
  });
  operations.schedule(deps.scheduler, deps.settings.pollMs);
  deps.scheduler.add({
    name: 'payments.card-tokens',
    everyMs: deps.purgeMs,
    run: (now) => cardTokens.purgeExpired(now.toISOString()),
  });
  const service = createPaymentsService({
    db: deps.db,
    payments,
    cardTokens,
    ledger: deps.ledger,
    gateway,
    rates: deps.rates,
    clock: deps.clock,
    ids: deps.ids,
    billing: deps.billing,
  });
  return { service, runDue: operations.runDue };
}
