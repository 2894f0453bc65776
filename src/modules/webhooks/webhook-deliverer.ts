import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { type Attempted, createOutbox } from '../../jobs/outbox.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { EventLog, EventsRepository } from '../events/index.ts';
import {
  type Delivery,
  type DeliveryAttempt,
  STATUS,
  type WebhookDeliveriesRepository,
} from './webhook-deliveries-repository.ts';
import type { WebhookEndpointsRepository } from './webhook-endpoints-repository.ts';
import type { WebhookSender } from './webhook-sender.ts';
import { signedHeaders } from './webhook-signing.ts';
import { endpointView } from './webhooks-service.ts';

/**
 * Webhook deliveries as an outbox: each attempt posts the signed event to its endpoint and is done on a
 * 2xx, otherwise due again after the next delay of the schedule, or failed for good after the last.
 * A deliverer that dies mid-batch leaves its rows to be claimed again once the lease runs out: the
 * receiver may then see an event twice (at least once), and the event id tells it so.
 */
export function createWebhookDeliverer(deps: {
  deliveries: WebhookDeliveriesRepository;
  endpoints: WebhookEndpointsRepository;
  events: EventsRepository;
  log: EventLog;
  send: WebhookSender;
  clock: Clock;
  random: () => number;
  scheduleSeconds: readonly number[];
  leaseMs: number;
  batch: number;
  ids: IdGenerator;
  db: Kysely<Database>;
  /** Told of each attempt's outcome, for the gauges. */
  onAttempt?: (status: 'delivered' | 'pending' | 'failed', latencyMs: number | null) => void;
}) {
  /**
   * An endpoint whose delivery has failed for good (the whole schedule, about three days) without taking
   * any delivery made since is switched off, and a `webhook_endpoint.disabled` event says why. Its owner
   * switches it back on with POST /update_webhook and resends with POST /redeliver_event.
   */
  async function disableIfDead(endpointId: string, since: string, at: string): Promise<void> {
    const endpoint = await deps.endpoints.findById(endpointId);
    if (!endpoint || (await deps.deliveries.deliveredSince(endpoint.id, since))) return;
    const reason = `no delivery succeeded since ${since}`;
    await deps.db.transaction().execute(async (trx) => {
      // Only the attempt that switches it off tells so (several may fail for good in one batch).
      if (!(await deps.endpoints.disable(trx, endpoint.id, reason, at))) return;
      await deps.log.record(trx, {
        id: deps.ids.ordered('evt'),
        type: 'webhook_endpoint.disabled',
        at,
        object: endpointView({ ...endpoint, active: false, disabled_reason: reason }),
        owner: { userId: endpoint.user_id, agencyId: endpoint.agency_id },
      });
    });
  }

  // A batch often holds many events for one endpoint, or one event for several: each is read once a run.
  let endpoints = once(deps.endpoints.findById);
  let events = once(deps.events.findById);

  async function attempt(delivery: Delivery): Promise<Attempted<DeliveryAttempt>> {
    const [endpoint, event] = await Promise.all([endpoints(delivery.endpoint_id), events(delivery.event_id)]);
    if (!endpoint || !event) return { ok: false, error: 'the endpoint or the event is gone', retry: false };
    if (!endpoint.active) return { ok: false, error: 'the endpoint is disabled', retry: false };
    const at = deps.clock.now();
    const body = JSON.stringify(event);
    const secrets = [endpoint.secret];
    if (endpoint.previous_secret && (endpoint.previous_secret_until ?? '') > at.toISOString())
      secrets.push(endpoint.previous_secret);
    const result = await deps.send(endpoint.url, signedHeaders(secrets, event.id, at, body), body);
    const record = { last_status_code: result.status, last_latency_ms: result.latencyMs };
    if (result.status !== null && result.status >= 200 && result.status < 300) return { ok: true, record };
    return { ok: false, error: result.error ?? `answered ${result.status}`, record };
  }

  const outbox = createOutbox({
    name: 'webhooks.deliver',
    store: deps.deliveries,
    attempt,
    retry: { kind: 'schedule', delaysSeconds: deps.scheduleSeconds, jitter: 0.1 },
    clock: deps.clock,
    random: deps.random,
    batch: deps.batch,
    // Deliveries of a batch go out side by side, each within the sender's timeout.
    concurrency: deps.batch,
    leaseMs: deps.leaseMs,
    before: async () => {
      endpoints = once(deps.endpoints.findById);
      events = once(deps.events.findById);
    },
    settled: async (delivery, settlement, attempted) => {
      // Only attempts that reached the endpoint count (not those given up for a gone endpoint or event).
      if (!attempted.record) return;
      const status = STATUS[settlement.outcome];
      deps.onAttempt?.(status, attempted.record.last_latency_ms);
      if (status === 'failed') await disableIfDead(delivery.endpoint_id, delivery.created_at, settlement.at);
    },
  });
  return outbox;
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;

/** A lookup by id that reads each id once (the first read's promise is shared). */
function once<T>(read: (id: string) => Promise<T>): (id: string) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (id) => {
    let found = seen.get(id);
    if (!found) {
      found = read(id);
      seen.set(id, found);
    }
    return found;
  };
}
