/** Makes (once) a SQLite database with the L hotel preset for bench/hotels.ts. */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { hasherFor, openConfiguredStorage } from '../src/cli/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { loadCatalogue } from '../src/modules/catalog/index.ts';
import { generateHotels } from '../src/modules/hotels/index.ts';
import { systemClock } from '../src/ports/clock.ts';
import { randomIds } from '../src/ports/ids.ts';

const dataDir = process.env.BENCH_DATA_DIR!;
const start = process.env.BENCH_START!;
if (existsSync(path.join(dataDir, `ready-${start}`))) process.exit(0);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  NETWORK_POLL_MS: '0',
  HOLD_SWEEP_MS: '0',
});
const storage = await openConfiguredStorage(config, { migrate: true });
const catalogue = loadCatalogue();
const { app, hotels } = await buildApp({
  config,
  storage,
  hasher: hasherFor(config),
  clock: systemClock,
  ids: randomIds,
  catalogue,
  logger: false,
});
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
await app.close();
await storage.close();
writeFileSync(
  path.join(dataDir, `ready-${start}`),
  JSON.stringify({ ...result, generateMs: Math.round(t1 - t0), importMs: Math.round(t2 - t1) }),
);
process.stdout.write(
  `L hotels: ${result.hotels} hotels, ${result.room_types} room types, ${result.rate_plans} rate plans; generated in ${Math.round(t1 - t0)} ms, imported in ${Math.round(t2 - t1)} ms\n`,
);
