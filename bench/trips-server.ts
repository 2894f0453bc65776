/**
 * The API on a database holding a preset's flights and hotels (made by bench/trips.ts), plus a
 * hello-world route and a static route that serves the exact bytes of a real trip search answer.
 */
import { serveBench } from './bench-server.ts';

await serveBench({
  searchUrl: '/search_trips',
  load: async ({ flights, hotels }) => {
    await flights.refreshNetwork();
    await flights.faresRead();
    await hotels.refreshIndex();
  },
  describe: async ({ flights, hotels }) => ({
    schedules: await flights.countSchedules(),
    hotels: await hotels.countHotels(),
  }),
  count: (body) => ({
    packages: (body.data as unknown[] | undefined)?.length ?? 0,
    total: body.total_count ?? 0,
  }),
});
