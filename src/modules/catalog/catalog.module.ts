import type { onRequestAsyncHookHandler } from 'fastify';
import type { App } from '../../http/app-instance.ts';
import { registerCacheable } from '../../http/cacheable.ts';
import { catalogRoutes } from './catalog.routes.ts';
import type { Catalogue } from './catalogue.types.ts';
import { createCatalogueService } from './catalogue-service.ts';

/** How long a client may keep a catalogue answer without asking again (it changes with a release). */
const CATALOGUE_MAX_AGE_SECONDS = 3_600;

/** Places and airlines: the service over the catalogue, and its routes, answered with cache headers. */
export async function catalogModule(
  app: App,
  deps: { catalogue: Catalogue; guard: onRequestAsyncHookHandler },
) {
  const service = createCatalogueService(deps.catalogue);
  await registerCacheable(app, CATALOGUE_MAX_AGE_SECONDS, (scope) =>
    catalogRoutes(scope, { catalogue: service, guard: deps.guard }),
  );
  return service;
}
