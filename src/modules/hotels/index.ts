import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { sharedSecret } from '../../db/service-secrets.ts';
import type { Database } from '../../db/tables.ts';
import { createVersionedCache } from '../../db/versioned-cache.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import { type Catalogue, fold } from '../catalog/index.ts';
import { createHotelImporter } from './hotel-import.ts';
import { HotelIndex } from './hotel-index.ts';
import { createHotelInventoryRepository } from './hotel-inventory-repository.ts';
import { createHotelSearchService } from './hotel-search-service.ts';
import { createHotelsRepository } from './hotels-repository.ts';
import { createRateKeys } from './rate-key.ts';
import { searchHotelsRoute } from './search-hotels.route.ts';
import { HotelResultSchema } from './search-hotels.schemas.ts';

export type { HotelFile } from './hotel-file.ts';
export { generateHotels, HOTEL_PRESETS, type HotelPreset } from './hotel-generator.ts';
export const HOTEL_SCHEMAS = [HotelResultSchema];

/** The hotel area: content, rates and allotments, their import, and search. Bookings follow. */
export async function hotelsModule(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    catalogue: Catalogue;
    clock: Clock;
    ids: IdGenerator;
    guards: { read: onRequestAsyncHookHandler };
    pollMs: number;
  },
) {
  const hotels = createHotelsRepository(deps.db);
  const index = createVersionedCache(deps.db, 'hotels', async (version) => {
    const [hotelRows, roomTypes, ratePlans] = await Promise.all([
      hotels.listActiveHotels(),
      hotels.listRoomTypes(),
      hotels.listRatePlans(),
    ]);
    return new HotelIndex(version, { hotels: hotelRows, roomTypes, ratePlans }, deps.catalogue, fold);
  });
  const search = createHotelSearchService({
    index,
    inventory: createHotelInventoryRepository(deps.db),
    rateKeys: createRateKeys(await sharedSecret(deps.db, 'offer_key')),
    catalogue: deps.catalogue,
    clock: deps.clock,
  });
  searchHotelsRoute(app, { search, guard: deps.guards.read });
  if (deps.pollMs > 0) {
    const stop = index.watch(deps.pollMs, (error) =>
      app.log.warn({ err: error }, 'hotel index refresh failed'),
    );
    app.addHook('onClose', async () => stop());
  }
  return {
    importHotels: createHotelImporter({ ...deps, hotels }),
    countHotels: () => hotels.countHotels(),
    refreshIndex: () => index.refresh(),
    repository: hotels,
  };
}
