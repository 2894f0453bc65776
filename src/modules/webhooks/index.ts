export { createWebhookDeliverer, type WebhookDeliverer } from './webhook-deliverer.ts';
export { createWebhookDeliveriesRepository } from './webhook-deliveries-repository.ts';
export { createWebhookEndpointsRepository } from './webhook-endpoints-repository.ts';
export { WEBHOOK_EVENTS } from './webhook-event-types.ts';
export { createWebhookFanOut } from './webhook-fan-out.ts';
export { createWebhookSender } from './webhook-sender.ts';
export { webhooksModule } from './webhooks.module.ts';
export { WebhookSchema, webhooksRoutes } from './webhooks.routes.ts';
export { createWebhooksService } from './webhooks-service.ts';
