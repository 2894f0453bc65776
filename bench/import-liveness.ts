/**
 * `node bench/import-liveness.ts`: `/health/live` at a steady 50 requests a second, alone and while an
 * admin imports 60,000 schedules through `POST /import_flights` (the L preset's first 60,000, one JSON
 * body), on a fresh embedded database. A long import checks, writes and rebuilds the network in turns, so
 * liveness keeps answering; this measures how well.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadCatalogue } from '../src/modules/catalog/index.ts';
import { generateNetwork } from '../src/modules/flights/index.ts';
import { createRecorder, startServer } from './harness.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-import-liveness-'));
const server = await startServer<{ port: number; adminToken: string }>(
  path.join(import.meta.dirname, 'flights-server.ts'),
  { ...process.env, BENCH_DATA_DIR: dataDir, BODY_LIMIT_BYTES: String(50 * 1_048_576) },
);
const base = `http://127.0.0.1:${server.started.port}`;
const file = generateNetwork(loadCatalogue(), 'L', new Date().toISOString().slice(0, 10));
const body = JSON.stringify({ schedules: file.schedules.slice(0, 60_000), fares: [] });
const liveness = { url: `${base}/health/live`, connections: 2, overallRate: 50 };

const recorder = createRecorder();
await recorder.measure('GET /health/live at 50 req/s, alone', liveness);
const started = performance.now();
let importMs = 0;
const importing = fetch(`${base}/import_flights`, {
  method: 'POST',
  headers: { authorization: `Bearer ${server.started.adminToken}`, 'content-type': 'application/json' },
  body,
}).then(async (res) => {
  importMs = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`import answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
});
await Promise.all([
  recorder.measure('GET /health/live at 50 req/s while 60,000 schedules are imported', liveness),
  importing,
]);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
recorder.report(
  'import-liveness-latest.md',
  `The import (${(body.length / 1_048_576).toFixed(1)} MB of JSON) answered after ${Math.round(importMs)} ms; liveness was measured for the scenario's whole duration.`,
);
