export { createEventLog, type EventLog, type EventSubscriber, type NewEvent } from './event-log.ts';
export { EVENT_TYPE_NAMES, EVENT_TYPES, type EventType } from './event-types.ts';
export { eventWebhooksDocument } from './event-webhooks.ts';
export { EventSchema, eventsRoutes } from './events.routes.ts';
export { createEventsRepository, type Event, type EventsRepository } from './events-repository.ts';
