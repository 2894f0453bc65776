/**
 * `node bench/workers.ts`: search throughput of `npm start` with WORKERS=1 and WORKERS=2 on the same
 * data (the M preset, imported once into a data directory of its own), in the same run: a one-way
 * flight search and a city hotel search, each with autocannon against the real server process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION } from './harness.ts';
import { dayFrom } from './prepared-data.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-workers-'));
const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const day = dayFrom(new Date().toISOString().slice(0, 10));

/** `npm start` with so many workers, until it says it serves; returns what stops it. */
async function start(workers: number) {
  const child = spawn(process.execPath, ['src/cli/main.ts', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: String(workers),
      LOG_LEVEL: 'warn',
      // One account drives every request over many connections: no per-caller limits in the way.
      SEARCHES_PER_CLIENT: '256',
      RATE_LIMIT_MAX: '1000000',
      TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('Itinera is serving on') && (workers === 1 || out.includes('workers on one port')))
        resolve();
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  return () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

async function token(): Promise<string> {
  const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  const res = await fetch(`${base}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: demo.client_id,
      username: demo.customer.username,
      password: demo.customer.password,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

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
await (await start(1))();
const rows: string[] = [];
const results = new Map<string, number>();
for (const workers of [1, 2]) {
  const stop = await start(workers);
  try {
    const headers = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' };
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
    await stop();
  }
}
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `\n| scenario | workers | req/s | vs one worker | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|---:|\n${rows.join('\n')}\n\nM preset, ${CONNECTIONS} connections, ${DURATION} s per scenario, the client on the same machine.`,
);
