/**
 * `node bench/change-latency.ts`: how long a change made through one process takes to reach another
 * process's search index. Two apps share one database (the M hotel preset); one renames a hotel (one
 * row of hotels.csv) at a random moment, the other is watched until its index holds the new name,
 * timed from the import's return (its commit). On PostgreSQL the
 * second app does not poll at all (HOTEL_INDEX_POLL_MS=0): only LISTEN/NOTIFY can tell it. On SQLite,
 * which has no notifications, it polls every second, as by default. PostgreSQL is taken from
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, in a schema of its own dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { dropPostgresSchema, openStorage, type Storage } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { loadCatalogue } from '../src/modules/catalog/index.ts';
import { generateHotels } from '../src/modules/hotels/index.ts';
import { systemClock } from '../src/ports/clock.ts';
import { randomIds } from '../src/ports/ids.ts';
import { createArgon2Hasher } from '../src/ports/password-hasher.ts';
import { renameCsv } from './content-change.ts';

const TIMES = Number(process.env.BENCH_CHANGES ?? 20);
const catalogue = loadCatalogue();

async function app(storage: Storage, pollMs: number, dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HOTEL_INDEX_POLL_MS: String(pollMs),
    NETWORK_POLL_MS: '0',
    HOLD_SWEEP_MS: '0',
    PURGE_INTERVAL_MS: '0',
    INDEX_SNAPSHOT_DIR: 'off',
  });
  const built = await buildApp({
    config,
    storage,
    hasher: createArgon2Hasher({ concurrency: 1, queueLimit: 10 }),
    clock: systemClock,
    ids: randomIds,
    catalogue,
    logger: false,
  });
  await built.app.ready();
  return built;
}

/** Milliseconds from each rename's commit in one app until the other app's index has it. */
async function measure(storage: Storage, pollMs: number): Promise<number[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-latency-'));
  const one = await app(storage, 0, dataDir);
  const two = await app(storage, pollMs, dataDir);
  try {
    const file = generateHotels(catalogue, 'M', new Date().toISOString().slice(0, 10));
    await one.hotels.importHotels(file);
    const index = await two.hotels.refreshIndex();
    const hotel = file.hotels[0]!;
    const id = (await one.hotels.repository.findHotelByCode(hotel.code))!.id;
    const samples: number[] = [];
    for (let i = 0; i < TIMES; i++) {
      const name = `${hotel.name} (${i + 1})`;
      const csv = renameCsv(hotel as unknown as Record<string, unknown>, name);
      // Changes come at any moment, not just after a poll.
      await new Promise((r) => setTimeout(r, Math.random() * 1000));
      await one.hotels.importHotelTable(csv);
      const committed = performance.now();
      while (index.hotel(id)?.name !== name) await new Promise((r) => setTimeout(r, 1));
      samples.push(performance.now() - committed);
    }
    return samples;
  } finally {
    await one.app.close();
    await two.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const rows: string[] = [];
const report = (engine: string, how: string, samples: number[]) => {
  const row = `| ${engine} | ${how} | ${samples.length} | ${quantile(samples, 0.5).toFixed(1)} | ${quantile(samples, 0.95).toFixed(1)} | ${Math.max(...samples).toFixed(1)} |`;
  rows.push(row);
  console.log(row);
};

console.log('| engine | how the other process learns | changes | median ms | p95 ms | max ms |');
console.log('|---|---|---:|---:|---:|---:|');
const sqliteDir = mkdtempSync(path.join(tmpdir(), 'itinera-latency-db-'));
const sqlite = await openStorage({ sqliteFile: path.join(sqliteDir, 'itinera.db') });
await migrateToLatest(sqlite.db);
report('SQLite', 'polling every 1,000 ms', await measure(sqlite, 1000));
await sqlite.close();
rmSync(sqliteDir, { recursive: true, force: true });

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('\n!!! PostgreSQL NOT MEASURED: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) !!!');
} else {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const postgres = await openStorage({ databaseUrl: url, schema, poolSize: 5 });
  try {
    await migrateToLatest(postgres.db, schema);
    report('PostgreSQL', 'LISTEN/NOTIFY, no polling', await measure(postgres, 0));
  } finally {
    await postgres.close();
    await dropPostgresSchema(url, schema);
  }
}
