import type { TSchema } from 'typebox';
import type { EventCatalogue } from './event-catalogue.ts';

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/** A schema by reference when it is one of the document's components, else as it is. */
const referenced = (schema: TSchema) => {
  const id = (schema as { $id?: unknown }).$id;
  return typeof id === 'string' ? { $ref: `#/components/schemas/${id}` } : schema;
};

/** The event envelope with this type and its object. */
const envelopeOf = (type: string, object: TSchema) => ({
  allOf: [
    { $ref: '#/components/schemas/Event' },
    {
      type: 'object',
      properties: {
        type: { const: type },
        data: { type: 'object', required: ['object'], properties: { object: referenced(object) } },
      },
    },
  ],
});

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event type, each a POST of the event, signed per
 * Standard Webhooks, that a receiver answers with any 2xx.
 */
export function eventWebhooksDocument(catalogue: EventCatalogue): Record<string, object> {
  return Object.fromEntries(
    Object.entries(catalogue.definitions).map(([type, { description, object, audience }]) => [
      type,
      {
        post: {
          operationId: `on_${type.replace('.', '_')}`,
          summary: type,
          description: `${description} ${audience ? 'Sent to admins’ endpoints only' : 'Sent to the endpoints of its owner (the user, their agency) and of admins'} that subscribed with POST /create_webhook; see docs/events.md.`,
          tags: ['webhooks'],
          parameters: [
            header(
              'webhook-id',
              'The event id: the same on every attempt, your idempotency key',
              'evt_01JD6Q3ZV8Y4KX2M9N0P1R2S3T',
            ),
            header('webhook-timestamp', 'This attempt, in seconds since 1970', '1795425302'),
            header(
              'webhook-signature',
              '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint secret; two, space-separated, while a rotated secret is in its grace period',
              'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
            ),
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: envelopeOf(type, object) } },
          },
          responses: {
            '2XX': {
              description: 'Received. Anything else, or no answer within 5 seconds, is tried again later.',
            },
          },
          security: [],
        },
      },
    ]),
  );
}
