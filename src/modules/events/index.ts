export {
  createEventCatalogue,
  type EventCatalogue,
  type EventDefinition,
  type EventDefinitions,
  type EventObjects,
  type EventType,
  type ObjectsOf,
} from './event-catalogue.ts';
export { createEventLog, type EventLog, type EventSubscriber, type NewEvent } from './event-log.ts';
export { eventWebhooksDocument } from './event-webhooks.ts';
export { eventsModule } from './events.module.ts';
export { eventsRoutes } from './events.routes.ts';
export { createEventsRepository, type Event, type EventsRepository } from './events-repository.ts';
