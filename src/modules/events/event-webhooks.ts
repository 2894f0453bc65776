import { EVENT_TYPES } from './event-types.ts';

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event type, each a POST of the event, signed per
 * Standard Webhooks, that a receiver answers with any 2xx.
 */
export function eventWebhooksDocument(): Record<string, object> {
  return Object.fromEntries(
    Object.entries(EVENT_TYPES).map(([type, description]) => [
      type,
      {
        post: {
          operationId: `on_${type.replace('.', '_')}`,
          summary: type,
          description: `${description} Sent to endpoints subscribed with POST /create_webhook; see docs/events.md.`,
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
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
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
