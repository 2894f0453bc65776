import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { App } from '../../http/app-instance.ts';
import type { EventCatalogue } from './event-catalogue.ts';
import { createEventLog } from './event-log.ts';
import { eventsRoutes } from './events.routes.ts';
import { createEventsRepository } from './events-repository.ts';

/** The event log (subscribers added once the modules are wired) and `GET /events`. */
export function eventsModule(
  app: App,
  deps: { db: Kysely<Database>; catalogue: EventCatalogue; guard: onRequestAsyncHookHandler },
) {
  const repository = createEventsRepository(deps.db);
  eventsRoutes(app, { events: repository, catalogue: deps.catalogue, guard: deps.guard });
  return { repository, log: createEventLog(repository) };
}
