/**
 * `node bench/scaling.ts`: how search time and memory grow with the world, at the S, M and L presets
 * (L only with BENCH_SCALING_L=1: its first start imports for two minutes). For each, `npm start` on a
 * data directory of its own is started twice (the first start imports); on the second: start-up to
 * serving and resident memory with both indexes loaded, then a one-way flight search and the city hotel
 * search with the most hotels, each timed once cold (worked out) and at full tilt warm (autocannon), and
 * resident memory after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION } from './harness.ts';
import { dayFrom } from './prepared-data.ts';
import { demoToken, rssMiB, startServe } from './serve-process.ts';

const day = dayFrom(new Date().toISOString().slice(0, 10));
const presets = process.env.BENCH_SCALING_L === '1' ? ['S', 'M', 'L'] : ['S', 'M'];
const rows: string[] = [];

async function timed(url: string, headers: Record<string, string>, body: unknown) {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { total_count?: number };
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - started, found: json.total_count ?? 0 };
}

for (const preset of presets) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `itinera-scaling-${preset}-`));
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, DEMO_PRESET: preset, PORT: String(port), HOST: '127.0.0.1' };
  try {
    await (await startServe(env)).stop();
    const server = await startServe(env);
    const servingMiB = rssMiB(server.pid);
    try {
      const headers = {
        authorization: `Bearer ${await demoToken(base, dataDir)}`,
        'content-type': 'application/json',
      };
      const cities = (await (await fetch(`${base}/b2c/hotel_cities?limit=1`, { headers })).json()) as {
        data: Array<{ city_id: string; name: string }>;
      };
      const flight = {
        slices: [{ origin: 'LHR', destination: 'JFK', departure_date: day(10) }],
        passengers: { adults: 1 },
      };
      const hotel = {
        destination: { city_id: cities.data[0]!.city_id },
        check_in: day(30),
        check_out: day(33),
        rooms: [{ adults: 2 }],
      };
      const cells: string[] = [];
      for (const [url, body] of [
        [`${base}/search_flight`, flight],
        [`${base}/search_hotels`, hotel],
      ] as const) {
        const cold = await timed(url, headers, body);
        const warm = await autocannon({
          url,
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          duration: DURATION,
          connections: CONNECTIONS,
        });
        if (warm.non2xx > 0 || warm.errors > 0) throw new Error(`${url}: failures`);
        cells.push(
          `${cold.found}`,
          cold.ms.toFixed(0),
          String(Math.round(warm.requests.average)),
          `${warm.latency.p99}`,
        );
      }
      const row = `| ${preset} | ${Math.round(server.startupMs)} | ${Math.round(servingMiB)} | ${cells.join(' | ')} | ${cities.data[0]!.name} | ${Math.round(rssMiB(server.pid))} |`;
      rows.push(row);
      console.log(row);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(
  [
    '',
    '| preset | start-up ms | MiB serving | LHR-JFK offers | cold ms | warm req/s | warm p99 ms | city hotels | cold ms | warm req/s | warm p99 ms | city | MiB after |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...rows,
    '',
    `${CONNECTIONS} connections, ${DURATION} s per warm scenario, the client on the same machine.`,
  ].join('\n'),
);
