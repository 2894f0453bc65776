/**
 * One account floods the L preset with the heaviest flight searches it may ask for (city to city, return,
 * two connections, day-long layovers, ±3 days, 50 a page) over 40 connections, while a single client
 * asks `/health/live`. Liveness under that flood is set next to liveness on an idle server, in the same
 * run; the flood's answers are counted by status (200 served, 429 over the per-account search cap, 503
 * shed), which is what a client sees of the load shedding.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { DURATION, startServer } from './harness.ts';
import { dayFrom, preparedCopy } from './prepared-data.ts';

const run = preparedCopy(process.env.BENCH_DATA_DIR ?? '/tmp/itinera-bench-L', 'prepare-flights.ts');
const day = dayFrom(run.start);
// The flood meets the service as configured by default (four searches at once per account).
const server = await startServer<{ port: number; token: string }>(
  path.join(import.meta.dirname, 'flights-server.ts'),
  { ...run.env, SEARCHES_PER_CLIENT: '4' },
);
const base = `http://127.0.0.1:${server.started.port}`;
const heavy = JSON.stringify({
  slices: [
    { origin: 'cty_2643743', destination: 'cty_5128581', departure_date: day(30) },
    { origin: 'cty_5128581', destination: 'cty_2643743', departure_date: day(37) },
  ],
  passengers: { adults: 1 },
  max_connections: 2,
  max_layover_minutes: 1440,
  flexible_days: 3,
  limit: 50,
});

const live = (seconds: number) =>
  autocannon({ url: `${base}/health/live`, connections: 1, duration: seconds });

const idle = await live(DURATION);
const statuses = new Map<number, number>();
let floodDone!: (result: autocannon.Result) => void;
const floodRun = new Promise<autocannon.Result>((resolve) => {
  floodDone = resolve;
});
const flooding = autocannon(
  {
    url: `${base}/search_flight`,
    method: 'POST',
    connections: 40,
    duration: DURATION + 2,
    timeout: 60,
    headers: { authorization: `Bearer ${server.started.token}`, 'content-type': 'application/json' },
    body: heavy,
  },
  (_error, result) => floodDone(result),
);
flooding.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
await new Promise((resolve) => setTimeout(resolve, 1000));
const loaded = await live(DURATION);
const flood = await floodRun;
await server.stop();
run.remove();

const rows = [
  ['GET /health/live, idle server', idle],
  ['GET /health/live, during the flood', loaded],
] as const;
const table = [
  '| scenario | req/s | p50 ms | p99 ms | max ms |',
  '|---|---:|---:|---:|---:|',
  ...rows.map(
    ([name, r]) =>
      `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} |`,
  ),
].join('\n');
const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${n} × ${s}`);
process.stdout.write(
  `\n${table}\n\nThe flood: 40 connections of one account, ${flood.requests.total} answers (${counts.join(', ')}), ` +
    `search p50 ${flood.latency.p50} ms, ${flood.errors} errors; ${DURATION} s per scenario.\n`,
);
if (statuses.has(500) || flood.errors > 0) process.exitCode = 1;
