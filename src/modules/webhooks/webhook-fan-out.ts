import type { IdGenerator } from '../../ports/ids.ts';
import type { EventSubscriber } from '../events/index.ts';
import type { Delivery, WebhookDeliveriesRepository } from './webhook-deliveries-repository.ts';
import type { WebhookEndpointsRepository } from './webhook-endpoints-repository.ts';

/** A delivery of an event to an endpoint, due at once. */
export function pendingDelivery(ids: IdGenerator, eventId: string, endpointId: string, at: string): Delivery {
  return {
    id: ids.ordered('dlv'),
    event_id: eventId,
    endpoint_id: endpointId,
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    locked_until: null,
    last_attempt_at: null,
    last_status_code: null,
    last_error: null,
    last_latency_ms: null,
    created_at: at,
  };
}

/**
 * An event's deliveries, made in the event's own transaction: one pending row for each active endpoint
 * that may see the event (admins' endpoints every event, an agency's endpoints its bookings') and asked
 * for its type. Due at once; the deliverer sends it.
 */
export function createWebhookFanOut(deps: {
  endpoints: WebhookEndpointsRepository;
  deliveries: WebhookDeliveriesRepository;
  ids: IdGenerator;
}): EventSubscriber {
  return async (trx, event) => {
    const targets = await deps.endpoints.matching(trx, event.type, event.agency_id);
    await deps.deliveries.enqueue(
      trx,
      targets.map((endpointId) => pendingDelivery(deps.ids, event.id, endpointId, event.created_at)),
    );
  };
}
