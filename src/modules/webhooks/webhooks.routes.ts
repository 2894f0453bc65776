import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { decodeKeyset, encodeKeyset } from '../../http/keyset.ts';
import { errorResponses } from '../../http/schemas.ts';
import { principalOf } from '../auth/index.ts';
import type { WebhooksService } from './webhooks-service.ts';

const tags = ['webhooks'];
const Id = Type.String({ maxLength: 100, examples: ['whk_5h2k9x0q4m1n8b7v6c3z2a1s0d'] });
const EventList = Type.Array(Type.String({ maxLength: 60 }), {
  minItems: 1,
  maxItems: 50,
  description: 'Event types (see docs/events.md), or ["*"] for every type the owner may see',
  examples: [['flight_booking.cancelled', 'hotel_booking.cancelled']],
});

export const WebhookSchema = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    events: Type.Array(Type.String()),
    active: Type.Boolean(),
    disabled_reason: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Webhook' },
);

const WithSecret = Type.Intersect([
  Type.Ref('Webhook'),
  Type.Object({
    secret: Type.String({
      description: 'Shown only now: the Standard Webhooks signing secret (`whsec_…`)',
      examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    }),
  }),
]);

const DeliverySchema = Type.Object({
  id: Type.String(),
  event_id: Type.String(),
  webhook_id: Type.String(),
  status: Type.String({ enum: ['pending', 'delivered', 'failed'] }),
  attempts: Type.Integer(),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  last_attempt_at: Type.Union([Type.String(), Type.Null()]),
  last_status_code: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  last_latency_ms: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
});

const auth = ['UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'FORBIDDEN'] as const;
const closed = { additionalProperties: false };

export function webhooksRoutes(
  app: App,
  deps: {
    webhooks: WebhooksService;
    guards: { read: onRequestAsyncHookHandler; write: onRequestAsyncHookHandler };
  },
) {
  const { webhooks, guards } = deps;

  app.post(
    '/create_webhook',
    {
      onRequest: guards.write,
      schema: {
        operationId: 'create_webhook',
        tags,
        summary: 'Subscribe an endpoint to events',
        description:
          'Admins get every event, agents their agency’s bookings’. Each event is POSTed as JSON, signed per ' +
          'Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), at least once: a 2xx ' +
          'within a few seconds is success, anything else is retried with backoff for about 72 hours. The ' +
          'URL must be https and reach a public address. The `secret` is shown only in this answer.',
        security: [{ oauth2: ['book'] }],
        body: Type.Object(
          {
            url: Type.String({ maxLength: 2048 }),
            events: EventList,
            description: Type.Optional(Type.String({ maxLength: 500 })),
          },
          closed,
        ),
        response: { 201: WithSecret, ...errorResponses(...auth) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return webhooks.create(principalOf(request), request.body);
    },
  );

  app.get(
    '/webhooks',
    {
      onRequest: guards.read,
      schema: {
        operationId: 'list_webhooks',
        tags,
        summary: 'The caller’s webhook endpoints',
        description: 'Admins: all; agents: their agency’s. Secrets are never shown again.',
        security: [{ oauth2: ['read'] }],
        response: { 200: Type.Object({ data: Type.Array(Type.Ref('Webhook')) }), ...errorResponses(...auth) },
      },
    },
    async (request) => ({ data: await webhooks.list(principalOf(request)) }),
  );

  app.post(
    '/update_webhook',
    {
      onRequest: guards.write,
      schema: {
        operationId: 'update_webhook',
        tags,
        summary: 'Change an endpoint’s URL, events, description, or switch it on or off',
        description: 'Switching an endpoint back on clears why it was disabled.',
        security: [{ oauth2: ['book'] }],
        body: Type.Object(
          {
            id: Id,
            url: Type.Optional(Type.String({ maxLength: 2048 })),
            events: Type.Optional(EventList),
            description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
            active: Type.Optional(Type.Boolean()),
          },
          closed,
        ),
        response: { 200: Type.Ref('Webhook'), ...errorResponses(...auth, 'NOT_FOUND') },
      },
    },
    async (request) => webhooks.update(principalOf(request), request.body),
  );

  app.post(
    '/delete_webhook',
    {
      onRequest: guards.write,
      schema: {
        operationId: 'delete_webhook',
        tags,
        summary: 'Delete an endpoint; what was not yet sent to it is dropped',
        description: 'Deliveries already made stay listed nowhere; the events stay in GET /events.',
        security: [{ oauth2: ['book'] }],
        body: Type.Object({ id: Id }, closed),
        response: {
          200: Type.Object({ id: Type.String(), deleted: Type.Boolean() }),
          ...errorResponses(...auth, 'NOT_FOUND'),
        },
      },
    },
    async (request) => webhooks.remove(principalOf(request), request.body.id),
  );

  app.post(
    '/rotate_webhook_secret',
    {
      onRequest: guards.write,
      schema: {
        operationId: 'rotate_webhook_secret',
        tags,
        summary: 'A new signing secret',
        description:
          'During `grace_seconds` (default a day, 0 for none) every delivery carries two signatures in ' +
          '`webhook-signature`, by the old and the new secret, so the receiver can switch at its own pace.',
        security: [{ oauth2: ['book'] }],
        body: Type.Object(
          { id: Id, grace_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 * 86_400 })) },
          closed,
        ),
        response: { 200: WithSecret, ...errorResponses(...auth, 'NOT_FOUND') },
      },
    },
    async (request) =>
      webhooks.rotateSecret(principalOf(request), request.body.id, request.body.grace_seconds),
  );

  app.post(
    '/ping_webhook',
    {
      onRequest: guards.write,
      schema: {
        operationId: 'ping_webhook',
        tags,
        summary: 'Send a test event to one endpoint',
        description:
          'A `webhook_endpoint.ping` event, delivered (and retried) like any other; see GET /webhook_deliveries.',
        security: [{ oauth2: ['book'] }],
        body: Type.Object({ id: Id }, closed),
        response: {
          202: Type.Object({ event_id: Type.String(), webhook_id: Type.String() }),
          ...errorResponses(...auth, 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return webhooks.ping(principalOf(request), request.body.id);
    },
  );

  app.get(
    '/webhook_deliveries',
    {
      onRequest: guards.read,
      schema: {
        operationId: 'list_webhook_deliveries',
        tags,
        summary: 'What was sent to the caller’s endpoints, newest first',
        description:
          'Each delivery: its attempts, the last answer’s status and latency, and when it is tried next.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object(
          {
            webhook_id: Type.Optional(Id),
            event_id: Type.Optional(Type.String({ maxLength: 100 })),
            status: Type.Optional(Type.String({ enum: ['pending', 'delivered', 'failed'] })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
            cursor: Type.Optional(Type.String({ maxLength: 512 })),
          },
          closed,
        ),
        response: {
          200: Type.Object({
            data: Type.Array(DeliverySchema),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
            total_count: Type.Integer(),
          }),
          ...errorResponses(...auth, 'INVALID_CURSOR'),
        },
      },
    },
    async (request) => {
      const { webhook_id, event_id, status, limit = 20, cursor } = request.query;
      const filter = { webhook_id, event_id, status };
      const after = decodeKeyset(cursor, filter);
      const page = await webhooks.deliveries(
        principalOf(request),
        { webhookId: webhook_id, eventId: event_id, status },
        after,
        limit,
      );
      const last = page.rows[page.rows.length - 1];
      return {
        data: page.rows.map(({ endpoint_id, locked_until: _lease, ...d }) => ({
          ...d,
          webhook_id: endpoint_id,
        })),
        next_cursor: page.more && last ? encodeKeyset({ value: last.id, id: last.id }, filter) : null,
        total_count: page.total,
      };
    },
  );

  app.post(
    '/redeliver_event',
    {
      onRequest: guards.write,
      schema: {
        operationId: 'redeliver_event',
        tags,
        summary: 'Send an event to an endpoint again, now',
        description:
          'For an event once sent to that endpoint, whatever became of it (delivered, failed or pending).',
        security: [{ oauth2: ['book'] }],
        body: Type.Object({ event_id: Type.String({ maxLength: 100 }), webhook_id: Id }, closed),
        response: {
          202: Type.Object({ event_id: Type.String(), webhook_id: Type.String(), status: Type.String() }),
          ...errorResponses(...auth, 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return webhooks.redeliver(principalOf(request), request.body.event_id, request.body.webhook_id);
    },
  );
}
