/**
 * The API on a database holding the L preset network (made by bench/flights.ts), plus a hello-world
 * route and static routes that serve the exact bytes of real search answers, for comparison.
 */
import { serveBench } from './bench-server.ts';

await serveBench({
  searchUrl: '/search_flight',
  // Listening once the fares are read ahead, as a server is a few seconds after it starts.
  load: ({ flights }) => flights.refreshNetwork().then(() => flights.faresRead()),
  describe: async ({ flights }) => ({ schedules: await flights.countSchedules() }),
  count: (body) => ({ offers: (body.data as unknown[] | undefined)?.length ?? 0 }),
});
