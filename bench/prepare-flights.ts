/** Makes (once) a SQLite database with the L preset network for bench/flights.ts. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { hasherFor, openConfiguredStorage } from '../src/cli/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { loadCatalogue } from '../src/modules/catalog/index.ts';
import { generateNetwork } from '../src/modules/flights/index.ts';
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
const { app, flights } = await buildApp({
  config,
  storage,
  hasher: hasherFor(config),
  clock: systemClock,
  ids: randomIds,
  catalogue,
  logger: false,
});
const t0 = performance.now();
const file = generateNetwork(catalogue, 'L', start);
const t1 = performance.now();
const result = await flights.importNetwork(file);
const t2 = performance.now();
await app.close();
await storage.close();
const { writeFileSync } = await import('node:fs');
writeFileSync(
  path.join(dataDir, `ready-${start}`),
  JSON.stringify({ ...result, generateMs: Math.round(t1 - t0), importMs: Math.round(t2 - t1) }),
);
process.stdout.write(
  `L preset: ${result.schedules} schedules, ${result.fares} fares; generated in ${Math.round(t1 - t0)} ms, imported in ${Math.round(t2 - t1)} ms\n`,
);
