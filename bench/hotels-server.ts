/**
 * The API on a database holding the L hotel preset (made by bench/hotels.ts), plus a hello-world route
 * and static routes that serve the exact bytes of real search answers, for comparison.
 */
import { serveBench } from './bench-server.ts';

await serveBench({
  searchUrl: '/search_hotels',
  load: ({ hotels }) => hotels.refreshIndex().then(() => undefined),
  describe: async ({ hotels }) => ({ hotels: await hotels.countHotels() }),
  count: (body) => ({
    hotels: (body.data as unknown[] | undefined)?.length ?? 0,
    total: body.total_count ?? 0,
  }),
});
