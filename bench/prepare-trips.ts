/** Makes (once) a SQLite database with a preset's network and hotels (BENCH_TRIPS_PRESET: M or L) for bench/trips.ts. */
import { generateNetwork, type Preset } from '../src/modules/flights/index.ts';
import { generateHotels, type HotelPreset } from '../src/modules/hotels/index.ts';
import { prepareOnce, prepareSnapshots } from './prepared-data.ts';

const preset = (process.env.BENCH_TRIPS_PRESET ?? 'M') as Preset & HotelPreset;
await prepareOnce(async ({ flights, hotels }, catalogue, start) => {
  const t0 = performance.now();
  const network = await flights.importNetwork(generateNetwork(catalogue, preset, start));
  const stays = await hotels.importHotels(generateHotels(catalogue, preset, start));
  const ms = Math.round(performance.now() - t0);
  process.stdout.write(
    `${preset} trips: ${network.schedules} schedules, ${stays.hotels} hotels; made and imported in ${ms} ms\n`,
  );
  return { schedules: network.schedules, hotels: stays.hotels, ms };
});
await prepareSnapshots();
