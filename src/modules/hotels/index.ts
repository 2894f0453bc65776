import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { Catalogue } from '../catalog/index.ts';
import { createHotelImporter } from './hotel-import.ts';
import { createHotelsRepository } from './hotels-repository.ts';

export type { HotelFile } from './hotel-file.ts';
export { generateHotels, HOTEL_PRESETS, type HotelPreset } from './hotel-generator.ts';

/** The hotel area. So far: content, rates and allotments, and their import; search and bookings follow. */
export function hotelsModule(deps: {
  db: Kysely<Database>;
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
}) {
  const hotels = createHotelsRepository(deps.db);
  return {
    importHotels: createHotelImporter({ ...deps, hotels }),
    countHotels: () => hotels.countHotels(),
    repository: hotels,
  };
}
