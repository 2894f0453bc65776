import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { CURRENT_API_VERSION } from '../../http/versioning.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { EventsRepository } from '../events/index.ts';
import { nextAttemptAt } from './retry-schedule.ts';
import type { WebhookDeliveriesRepository } from './webhook-deliveries-repository.ts';
import type { WebhookEndpoint, WebhookEndpointsRepository } from './webhook-endpoints-repository.ts';
import type { WebhookSender } from './webhook-sender.ts';
import { signedHeaders } from './webhook-signing.ts';
import { endpointView } from './webhooks-service.ts';

/**
 * Sends what is due: claims a batch of deliveries (with a lease, so another process or a later run
 * never sends the same attempt twice), posts each signed event, and records the outcome: delivered on a
 * 2xx, otherwise due again after the next delay of the schedule, or failed for good after the last.
 * A deliverer that dies mid-batch leaves its rows to be claimed again once the lease runs out: the
 * receiver may then see an event twice (at least once), and the event id tells it so.
 */
export function createWebhookDeliverer(deps: {
  deliveries: WebhookDeliveriesRepository;
  endpoints: WebhookEndpointsRepository;
  events: EventsRepository;
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
  async function disableIfDead(endpoint: WebhookEndpoint, since: string, at: string): Promise<void> {
    if (await deps.deliveries.deliveredSince(endpoint.id, since)) return;
    const reason = `no delivery succeeded since ${since}`;
    await deps.db.transaction().execute(async (trx) => {
      // Only the attempt that switches it off tells so (several may fail for good in one batch).
      if (!(await deps.endpoints.disable(trx, endpoint.id, reason, at))) return;
      await deps.events.append(trx, {
        id: deps.ids.ordered('evt'),
        type: 'webhook_endpoint.disabled',
        created_at: at,
        api_version: CURRENT_API_VERSION,
        booking_id: null,
        user_id: endpoint.user_id,
        agency_id: endpoint.agency_id,
        data: JSON.stringify({
          object: endpointView({ ...endpoint, active: false, disabled_reason: reason }),
        }),
      });
    });
  }

  return async function deliverDue(): Promise<number> {
    const now = deps.clock.now();
    const lease = new Date(now.getTime() + deps.leaseMs).toISOString();
    const claimed = await deps.deliveries.claimDue(now.toISOString(), lease, deps.batch);
    // A batch often holds many events for one endpoint, or one event for several: each is read once.
    const endpoints = once(deps.endpoints.findById);
    const events = once(deps.events.findById);
    await Promise.all(
      claimed.map(async (delivery) => {
        const [endpoint, event] = await Promise.all([
          endpoints(delivery.endpoint_id),
          events(delivery.event_id),
        ]);
        const at = deps.clock.now();
        const attempt = { last_attempt_at: at.toISOString(), last_latency_ms: null, last_status_code: null };
        if (!endpoint || !event || !endpoint.active) {
          await deps.deliveries.settle(delivery.id, lease, {
            ...attempt,
            status: 'failed',
            next_attempt_at: null,
            last_error:
              !endpoint || !event ? 'the endpoint or the event is gone' : 'the endpoint is disabled',
          });
          return;
        }
        const body = JSON.stringify(event);
        const secrets = [endpoint.secret];
        if (endpoint.previous_secret && (endpoint.previous_secret_until ?? '') > at.toISOString())
          secrets.push(endpoint.previous_secret);
        const result = await deps.send(endpoint.url, signedHeaders(secrets, event.id, at, body), body);
        const ok = result.status !== null && result.status >= 200 && result.status < 300;
        const next = ok
          ? undefined
          : nextAttemptAt(delivery.attempts + 1, deps.scheduleSeconds, deps.clock.now(), deps.random);
        const status = ok ? 'delivered' : next ? 'pending' : 'failed';
        const settled = await deps.deliveries.settle(delivery.id, lease, {
          status,
          next_attempt_at: next?.toISOString() ?? null,
          last_attempt_at: at.toISOString(),
          last_status_code: result.status,
          last_error: ok ? null : (result.error ?? `answered ${result.status}`),
          last_latency_ms: result.latencyMs,
        });
        if (settled) deps.onAttempt?.(status, result.latencyMs);
        if (settled && status === 'failed')
          await disableIfDead(endpoint, delivery.created_at, at.toISOString());
      }),
    );
    return claimed.length;
  };
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
