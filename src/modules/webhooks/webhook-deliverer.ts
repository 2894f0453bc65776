import type { Clock } from '../../ports/clock.ts';
import type { EventsRepository } from '../events/index.ts';
import { nextAttemptAt } from './retry-schedule.ts';
import type { WebhookDeliveriesRepository } from './webhook-deliveries-repository.ts';
import type { WebhookEndpointsRepository } from './webhook-endpoints-repository.ts';
import type { WebhookSender } from './webhook-sender.ts';
import { signedHeaders } from './webhook-signing.ts';

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
}) {
  return async function deliverDue(): Promise<number> {
    const now = deps.clock.now();
    const lease = new Date(now.getTime() + deps.leaseMs).toISOString();
    const claimed = await deps.deliveries.claimDue(now.toISOString(), lease, deps.batch);
    await Promise.all(
      claimed.map(async (delivery) => {
        const [endpoint, event] = await Promise.all([
          deps.endpoints.findById(delivery.endpoint_id),
          deps.events.findById(delivery.event_id),
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
        await deps.deliveries.settle(delivery.id, lease, {
          status: ok ? 'delivered' : next ? 'pending' : 'failed',
          next_attempt_at: next?.toISOString() ?? null,
          last_attempt_at: at.toISOString(),
          last_status_code: result.status,
          last_error: ok ? null : (result.error ?? `answered ${result.status}`),
          last_latency_ms: result.latencyMs,
        });
      }),
    );
    return claimed.length;
  };
}

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;
