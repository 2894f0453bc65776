/** Makes (once) a SQLite database with the L preset network for bench/flights.ts. */
import { generateNetwork } from '../src/modules/flights/index.ts';
import { prepareOnce } from './prepared-data.ts';

await prepareOnce(async ({ flights }, catalogue, start) => {
  const t0 = performance.now();
  const file = generateNetwork(catalogue, 'L', start);
  const t1 = performance.now();
  const result = await flights.importNetwork(file);
  const t2 = performance.now();
  process.stdout.write(
    `L preset: ${result.schedules} schedules, ${result.fares} fares; generated in ${Math.round(t1 - t0)} ms, imported in ${Math.round(t2 - t1)} ms\n`,
  );
  return { ...result, generateMs: Math.round(t1 - t0), importMs: Math.round(t2 - t1) };
});
