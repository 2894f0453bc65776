import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { sharedSecret } from '../../db/service-secrets.ts';
import type { Database } from '../../db/tables.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { Catalogue } from '../catalog/index.ts';
import { createFlightSearchService } from './flight-search-service.ts';
import { createNetworkCache } from './network-cache.ts';
import { createNetworkImporter } from './network-import.ts';
import { createNetworkRepository } from './network-repository.ts';
import { createOfferTokens } from './offer-token.ts';
import { searchFlightRoute } from './search-flight.route.ts';
import { OfferSchema } from './search-flight.schemas.ts';
import { createSeatInventoryRepository } from './seat-inventory-repository.ts';

export type { NetworkFile } from './network-file.ts';
export { generateNetwork, PRESETS, type Preset } from './network-generator.ts';
export const FLIGHT_SCHEMAS = [OfferSchema];

export interface FlightsDeps {
  db: Kysely<Database>;
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
  guards: {
    read: onRequestAsyncHookHandler;
    book: onRequestAsyncHookHandler;
    admin: onRequestAsyncHookHandler;
  };
  networkPollMs: number;
}

/** The flight area: inventory, search and bookings. Returns what the command line needs. */
export async function flightsModule(app: FastifyInstance, deps: FlightsDeps) {
  const network = createNetworkRepository(deps.db);
  const seats = createSeatInventoryRepository(deps.db);
  const offers = createOfferTokens(await sharedSecret(deps.db, 'offer_key'));
  const networkCache = createNetworkCache(network, deps.catalogue);
  const importNetwork = createNetworkImporter({
    db: deps.db,
    network,
    catalogue: deps.catalogue,
    clock: deps.clock,
    ids: deps.ids,
  });
  const search = createFlightSearchService({
    networkCache,
    seats,
    offers,
    catalogue: deps.catalogue,
    clock: deps.clock,
  });

  searchFlightRoute(app, { search, guard: deps.guards.read });

  if (deps.networkPollMs > 0) {
    const stop = networkCache.watch(deps.networkPollMs, (error) =>
      app.log.warn({ err: error }, 'network refresh failed'),
    );
    app.addHook('onClose', async () => stop());
  }
  return {
    importNetwork,
    countSchedules: () => network.countSchedules(),
    refreshNetwork: () => networkCache.refresh(),
  };
}
