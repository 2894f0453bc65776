/** Makes (once) a SQLite database with the L hotel preset for bench/hotels.ts. */
import { generateHotels } from '../src/modules/hotels/index.ts';
import { prepareOnce, prepareSnapshots } from './prepared-data.ts';

await prepareOnce(async ({ hotels }, catalogue, start) => {
  const t0 = performance.now();
  const file = generateHotels(catalogue, 'L', start);
  const t1 = performance.now();
  let shown = 0;
  const result = await hotels.importHotels(file, (done, total) => {
    if (done - shown >= 50_000 || done === total) {
      shown = done;
      process.stdout.write(`  imported ${done} / ${total} hotels\n`);
    }
  });
  const t2 = performance.now();
  process.stdout.write(
    `L hotels: ${result.hotels} hotels, ${result.room_types} room types, ${result.rate_plans} rate plans; generated in ${Math.round(t1 - t0)} ms, imported in ${Math.round(t2 - t1)} ms\n`,
  );
  return { ...result, generateMs: Math.round(t1 - t0), importMs: Math.round(t2 - t1) };
});
await prepareSnapshots();
