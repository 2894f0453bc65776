/**
 * `node bench/workers.ts`: search throughput of `npm start` with WORKERS=1 and WORKERS=2 on the same
 * data (the M preset, imported once into a data directory of its own), in the same run: a one-way
 * flight search and a city hotel search, each with autocannon against the real server process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION } from './harness.ts';
import { dayFrom } from './prepared-data.ts';
import { demoToken, startServe } from './serve-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-workers-'));
const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const day = dayFrom(new Date().toISOString().slice(0, 10));
const serveWith = (workers: number) =>
  startServe({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WORKERS: String(workers) });

const searches = {
  'POST /search_flight one-way LHR-JFK': {
    path: '/search_flight',
    body: {
      slices: [{ origin: 'LHR', destination: 'JFK', departure_date: day(10) }],
      passengers: { adults: 1 },
    },
  },
  'POST /search_hotels Paris, 3 nights': {
    path: '/search_hotels',
    body: {
      destination: { city_id: 'cty_2988507' },
      check_in: day(30),
      check_out: day(33),
      rooms: [{ adults: 2 }],
    },
  },
};

// The first start imports the demo data; the measured ones start on it.
await (await serveWith(1)).stop();
const rows: string[] = [];
const results = new Map<string, number>();
for (const workers of [1, 2]) {
  const server = await serveWith(workers);
  try {
    const headers = {
      authorization: `Bearer ${await demoToken(base, dataDir)}`,
      'content-type': 'application/json',
    };
    for (const [name, s] of Object.entries(searches)) {
      const options = {
        url: `${base}${s.path}`,
        method: 'POST' as const,
        headers,
        body: JSON.stringify(s.body),
      };
      await autocannon({ ...options, duration: 2, connections: CONNECTIONS }); // every worker's memo warm
      const r = await autocannon({ ...options, duration: DURATION, connections: CONNECTIONS });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const one = results.get(name);
      results.set(name, r.requests.average);
      const row = `| ${name} | ${workers} | ${Math.round(r.requests.average)} | ${one ? (r.requests.average / one).toFixed(2) : '1.00'} | ${r.latency.p50} | ${r.latency.p99} |`;
      rows.push(row);
      console.log(row);
    }
  } finally {
    await server.stop();
  }
}
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `\n| scenario | workers | req/s | vs one worker | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|---:|\n${rows.join('\n')}\n\nM preset, ${CONNECTIONS} connections, ${DURATION} s per scenario, the client on the same machine.`,
);
