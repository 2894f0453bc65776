import type { EventDefinitions, ObjectsOf } from '../events/index.ts';
import { WebhookSchema } from './webhooks.routes.ts';

/** The events of webhook endpoints, which the endpoint's owner hears of. */
export const WEBHOOK_EVENTS = {
  'webhook_endpoint.disabled': {
    description:
      'An endpoint was switched off: a delivery to it failed for good (about three days of attempts) and ' +
      'none has succeeded since; `disabled_reason` says so.',
    object: WebhookSchema,
  },
  'webhook_endpoint.ping': {
    description: 'Sent by POST /ping_webhook to one endpoint only.',
    object: WebhookSchema,
  },
} as const satisfies EventDefinitions;

declare module '../events/event-catalogue.ts' {
  interface EventObjects extends ObjectsOf<typeof WEBHOOK_EVENTS> {}
}
