import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import { publicUrlProblem } from '../../ports/public-urls.ts';
import { type Principal, visibilityOf } from '../auth/index.ts';
import type { EventCatalogue, EventLog } from '../events/index.ts';
import type { WebhookDeliveriesRepository } from './webhook-deliveries-repository.ts';
import type {
  EndpointScope,
  WebhookEndpoint,
  WebhookEndpointsRepository,
} from './webhook-endpoints-repository.ts';
import { pendingDelivery } from './webhook-fan-out.ts';
import { newWebhookSecret } from './webhook-signing.ts';

/** Event types only admins' endpoints may ask for: the operator's own changes. */
const DEFAULT_GRACE_SECONDS = 24 * 3600;

function scopeOf(p: Principal): EndpointScope {
  const visible = visibilityOf(p);
  if (visible.kind === 'user') throw new AppError('FORBIDDEN', 'Webhooks are for admins and for agencies');
  return visible;
}

/** The API shape of an endpoint: never its secret, which is shown once, when made or rotated. */
export function endpointView(e: WebhookEndpoint) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    active: e.active,
    disabled_reason: e.disabled_reason,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

export function createWebhooksService(deps: {
  db: Kysely<Database>;
  endpoints: WebhookEndpointsRepository;
  deliveries: WebhookDeliveriesRepository;
  log: EventLog;
  catalogue: EventCatalogue;
  clock: Clock;
  ids: IdGenerator;
  allowPrivateNetworks: boolean;
}) {
  const { endpoints, clock } = deps;

  async function checkUrl(url: string) {
    const problem = await publicUrlProblem(url, deps.allowPrivateNetworks);
    if (problem) throw invalidField('/url', problem);
  }

  function checkEvents(p: Principal, events: readonly string[]) {
    events.forEach((type, i) => {
      if (type === '*') return;
      if (!deps.catalogue.has(type))
        throw invalidField(`/events/${i}`, `is not an event type: ${JSON.stringify(type)}`);
      if (deps.catalogue.forAdmins(type) && p.role !== 'admin')
        throw invalidField(`/events/${i}`, 'is for admins’ endpoints only');
    });
  }

  async function owned(p: Principal, id: string): Promise<WebhookEndpoint> {
    const endpoint = await endpoints.find(scopeOf(p), id);
    if (!endpoint) throw new AppError('NOT_FOUND', `No webhook ${id}`);
    return endpoint;
  }

  return {
    async create(p: Principal, input: { url: string; events: string[]; description?: string | undefined }) {
      scopeOf(p);
      checkEvents(p, input.events);
      await checkUrl(input.url);
      const now = clock.now().toISOString();
      const endpoint = {
        id: deps.ids.next('whk'),
        url: input.url,
        description: input.description ?? null,
        events: input.events,
        user_id: p.userId,
        agency_id: p.role === 'admin' ? null : p.agencyId,
        active: true,
        secret: newWebhookSecret(),
        created_at: now,
        updated_at: now,
      };
      await endpoints.insert(endpoint);
      return {
        ...endpointView({
          ...endpoint,
          previous_secret: null,
          previous_secret_until: null,
          disabled_reason: null,
        }),
        secret: endpoint.secret,
      };
    },

    async list(p: Principal) {
      return (await endpoints.list(scopeOf(p))).map(endpointView);
    },

    async update(
      p: Principal,
      input: {
        id: string;
        url?: string | undefined;
        events?: string[] | undefined;
        description?: string | null | undefined;
        active?: boolean | undefined;
      },
    ) {
      await owned(p, input.id);
      if (input.events) checkEvents(p, input.events);
      if (input.url) await checkUrl(input.url);
      await endpoints.update(
        input.id,
        {
          ...(input.url ? { url: input.url } : {}),
          ...(input.events ? { events: input.events } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.active !== undefined
            ? { active: input.active, ...(input.active ? { disabled_reason: null } : {}) }
            : {}),
        },
        clock.now().toISOString(),
      );
      return endpointView((await endpoints.findById(input.id))!);
    },

    async remove(p: Principal, id: string) {
      await owned(p, id);
      await endpoints.remove(id);
      return { id, deleted: true };
    },

    /** A new secret; the old one keeps signing too (a second signature) until the grace period ends. */
    async rotateSecret(p: Principal, id: string, graceSeconds = DEFAULT_GRACE_SECONDS) {
      const endpoint = await owned(p, id);
      const now = clock.now();
      const secret = newWebhookSecret();
      await endpoints.update(
        id,
        {
          secret,
          previous_secret: graceSeconds > 0 ? endpoint.secret : null,
          previous_secret_until:
            graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000).toISOString() : null,
        },
        now.toISOString(),
      );
      return { ...endpointView((await endpoints.findById(id))!), secret };
    },

    /** A `webhook_endpoint.ping` event, sent to this endpoint only, at once. */
    async ping(p: Principal, id: string) {
      const endpoint = await owned(p, id);
      const now = clock.now().toISOString();
      const eventId = deps.ids.ordered('evt');
      await deps.db.transaction().execute(async (trx) => {
        // This endpoint's alone: recorded without the subscribers, delivered here.
        await deps.log.record(
          trx,
          {
            id: eventId,
            type: 'webhook_endpoint.ping',
            at: now,
            object: endpointView(endpoint),
            owner: { userId: endpoint.user_id, agencyId: endpoint.agency_id },
          },
          { subscribers: false },
        );
        await deps.deliveries.enqueue(trx, [pendingDelivery(deps.ids, eventId, id, now)]);
      });
      return { event_id: eventId, webhook_id: id };
    },

    async deliveries(
      p: Principal,
      filter: { webhookId?: string | undefined; status?: string | undefined; eventId?: string | undefined },
      after: Parameters<WebhookDeliveriesRepository['page']>[2],
      limit: number,
    ) {
      const mine = (await endpoints.list(scopeOf(p))).map((e) => e.id);
      const ids = filter.webhookId ? mine.filter((id) => id === filter.webhookId) : mine;
      return deps.deliveries.page(ids, filter, after, limit);
    },

    async redeliver(p: Principal, eventId: string, webhookId: string) {
      await owned(p, webhookId);
      if (!(await deps.deliveries.requeue(eventId, webhookId, clock.now().toISOString())))
        throw new AppError('NOT_FOUND', `Event ${eventId} was never sent to webhook ${webhookId}`);
      return { event_id: eventId, webhook_id: webhookId, status: 'pending' as const };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
