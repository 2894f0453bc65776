import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { App } from '../../http/app-instance.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { EventCatalogue, EventLog, EventsRepository } from '../events/index.ts';
import { createWebhookDeliverer } from './webhook-deliverer.ts';
import { createWebhookDeliveriesRepository } from './webhook-deliveries-repository.ts';
import { createWebhookEndpointsRepository } from './webhook-endpoints-repository.ts';
import { createWebhookFanOut } from './webhook-fan-out.ts';
import { createWebhookSender } from './webhook-sender.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks-service.ts';

/** Deliveries claimed and sent side by side at a time. */
const BATCH = 50;

/**
 * Webhooks: endpoints and their operations, the fan-out the event log calls in each event's
 * transaction, and the deliverer the scheduler runs in every process.
 */
export function webhooksModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    events: EventsRepository;
    /** The event log (the disabled and ping events are recorded through it) and its catalogue. */
    log: EventLog;
    catalogue: EventCatalogue;
    clock: Clock;
    ids: IdGenerator;
    scheduler: Scheduler;
    guards: { read: onRequestAsyncHookHandler; write: onRequestAsyncHookHandler };
    /** Told of each delivery attempt's outcome, for the gauges. */
    onAttempt?: (status: 'delivered' | 'pending' | 'failed', latencyMs: number | null) => void;
    settings: {
      pollMs: number;
      timeoutMs: number;
      retryScheduleSeconds: readonly number[];
      allowPrivateNetworks: boolean;
      leaseMs: number;
    };
  },
) {
  const endpoints = createWebhookEndpointsRepository(deps.db);
  const deliveries = createWebhookDeliveriesRepository(deps.db);
  const webhooks = createWebhooksService({
    db: deps.db,
    endpoints,
    deliveries,
    log: deps.log,
    catalogue: deps.catalogue,
    clock: deps.clock,
    ids: deps.ids,
    allowPrivateNetworks: deps.settings.allowPrivateNetworks,
  });
  webhooksRoutes(app, { webhooks, guards: deps.guards });
  const deliverer = createWebhookDeliverer({
    onAttempt: deps.onAttempt,
    deliveries,
    endpoints,
    events: deps.events,
    log: deps.log,
    send: createWebhookSender({
      timeoutMs: deps.settings.timeoutMs,
      allowPrivateNetworks: deps.settings.allowPrivateNetworks,
    }),
    clock: deps.clock,
    random: Math.random,
    scheduleSeconds: deps.settings.retryScheduleSeconds,
    // A claim outlives every attempt of its batch (they run side by side, each within the timeout).
    leaseMs: Math.max(deps.settings.leaseMs, deps.settings.timeoutMs * 2),
    batch: BATCH,
    ids: deps.ids,
    db: deps.db,
  });
  deliverer.schedule(deps.scheduler, deps.settings.pollMs);
  return {
    fanOut: createWebhookFanOut({ endpoints, deliveries, ids: deps.ids }),
    deliverDue: deliverer.runDue,
  };
}
