/**
 * Benchmark databases: made once per start date in a directory (reused afterwards), and copied fresh for
 * each run so that what one run sells does not change the next one's answers.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { hasherFor, openConfiguredStorage } from '../src/cli/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { loadCatalogue } from '../src/modules/catalog/index.ts';
import { systemClock } from '../src/ports/clock.ts';
import { randomIds } from '../src/ports/ids.ts';

/** A calendar date `n` days after `start`. */
export const dayFrom = (start: string) => (n: number) =>
  new Date(Date.parse(`${start}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Runs the preparing script (which does nothing if ready), then copies its database for this run. */
export function preparedCopy(dataDir: string, script: string) {
  const start = new Date().toISOString().slice(0, 10);
  mkdirSync(dataDir, { recursive: true });
  const env = { ...process.env, BENCH_DATA_DIR: dataDir, BENCH_START: start };
  execFileSync(process.execPath, [path.join(import.meta.dirname, script)], { env, stdio: 'inherit' });
  const runDir = path.join(dataDir, `run-${process.pid}`);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir);
  cpSync(path.join(dataDir, 'itinera.db'), path.join(runDir, 'itinera.db'));
  // The index snapshots made with the database start the run's server as a restart would.
  if (existsSync(path.join(dataDir, 'indexes')))
    cpSync(path.join(dataDir, 'indexes'), path.join(runDir, 'indexes'), { recursive: true });
  return {
    start,
    env: { ...env, BENCH_DATA_DIR: runDir },
    remove: () => rmSync(runDir, { recursive: true, force: true }),
  };
}

/**
 * In a preparing script: exits at once when this start date's database is ready; otherwise opens the app
 * on it and, once `fill` is done, marks it ready with what `fill` reports.
 */
/** Opens the benchmark app on the preparing script's data directory, for `fill` or a later step. */
async function openPrepared(dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NETWORK_POLL_MS: '0',
    HOTEL_INDEX_POLL_MS: '0',
    HOLD_SWEEP_MS: '0',
    PURGE_INTERVAL_MS: '0',
  });
  const storage = await openConfiguredStorage(config, { migrate: true });
  const catalogue = loadCatalogue();
  const built = await buildApp({
    config,
    storage,
    hasher: hasherFor(config),
    clock: systemClock,
    ids: randomIds,
    catalogue,
    logger: false,
  });
  return { built, catalogue, storage };
}

/**
 * In a preparing script: builds the hotel index once and saves its snapshot next to the database
 * (nothing if one is there), so that each run starts from it as a restarted server would.
 */
export async function prepareSnapshots(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR!;
  if (existsSync(path.join(dataDir, 'indexes'))) return;
  const { built, storage } = await openPrepared(dataDir);
  await built.hotels.refreshIndex();
  await built.hotels.indexSaved();
  await built.app.close();
  await storage.close();
}

export async function prepareOnce(
  fill: (
    built: Awaited<ReturnType<typeof buildApp>>,
    catalogue: ReturnType<typeof loadCatalogue>,
    start: string,
  ) => Promise<Record<string, unknown>>,
) {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const start = process.env.BENCH_START!;
  if (existsSync(path.join(dataDir, `ready-${start}`))) return;
  const { built, catalogue, storage } = await openPrepared(dataDir);
  const report = await fill(built, catalogue, start);
  // Snapshots of the data before this fill are stale: the next step saves new ones.
  rmSync(path.join(dataDir, 'indexes'), { recursive: true, force: true });
  await built.app.close();
  await storage.close();
  writeFileSync(path.join(dataDir, `ready-${start}`), JSON.stringify(report));
}
