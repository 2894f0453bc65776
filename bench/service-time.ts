/**
 * Service time of searches nobody asked before, one at a time, in process: the app on a copy of the L
 * database (hotels or flights, as `bench/hotels.ts` and `bench/flights.ts` prepare it), each seeded
 * distinct question sent through `inject` after the last one answered. Prints the median, p90 and
 * maximum of each kind, and the longest the event loop was held in one piece meanwhile (a
 * `monitorEventLoopDelay` of 1 ms resolution), next to a hello-world route in the same run.
 *
 *   node bench/service-time.ts [hotels|flights] [count]
 *
 * With BENCH_PROFILE=<file>, the searches (and nothing before them) are profiled into <file>, a
 * `.cpuprofile` for Chrome's DevTools: where a cold search spends its time, without the start-up.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildBenchApp, signInNew } from './bench-app.ts';
import {
  type City,
  flightOneWays,
  flightReturns,
  hotelCityStays,
  hotelRadiusStays,
} from './distinct-questions.ts';
import { dayFrom, preparedCopy } from './prepared-data.ts';

const kind = (process.argv[2] ?? 'hotels') as 'hotels' | 'flights';
const count = Number(process.argv[3] ?? 300);
const run =
  kind === 'hotels'
    ? preparedCopy(process.env.BENCH_HOTELS_DIR ?? '/tmp/itinera-bench-hotels-L', 'prepare-hotels.ts')
    : preparedCopy(process.env.BENCH_FLIGHTS_DIR ?? '/tmp/itinera-bench-L', 'prepare-flights.ts');
const day = dayFrom(run.start);
process.env.BENCH_DATA_DIR = run.env.BENCH_DATA_DIR;
const built = await buildBenchApp(run.env.BENCH_DATA_DIR);
const { app, accounts } = built;
if (kind === 'hotels') await built.hotels.refreshIndex();
else {
  // As a server that has run a little while: every fare read ahead (they are, in the background).
  await built.flights.refreshNetwork();
  await built.flights.faresRead();
}

const threaded = await built.startThreads();
process.stdout.write(
  `searches ${threaded ? `in ${built.searchThreads} search threads` : 'on the serving thread'}\n`,
);
await accounts.createClient({ clientId: 'service-time', confidential: false });
const token = await signInNew(built, 'service-time', 'service-time', 'customer');
const headers = { authorization: `Bearer ${token}` };

/** Times `count` requests in turn; returns milliseconds per request, sorted, and the loop's longest hold. */
async function timed(ask: () => Promise<{ statusCode: number; body: string }>) {
  const times: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await ask();
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  loop.disable();
  times.sort((a, b) => a - b);
  return { times, held: loop.max / 1e6 };
}

function row(name: string, r: { times: number[]; held: number }) {
  const at = (q: number) => r.times[Math.min(r.times.length - 1, Math.floor(q * r.times.length))]!;
  const f = (ms: number) => ms.toFixed(ms < 10 ? 2 : 1);
  process.stdout.write(
    `| ${name} | ${r.times.length} | ${f(at(0.5))} | ${f(at(0.9))} | ${f(r.times.at(-1)!)} | ${f(r.held)} |\n`,
  );
}

const post = (url: string, body: object) => () =>
  app.inject({ method: 'POST', url, headers, payload: body as Record<string, unknown> });

process.stdout.write(
  `\n${kind}, ${count} distinct questions each, one at a time, in process (ms)\n\n` +
    '| scenario | n | median | p90 | max | loop held at most |\n|---|---:|---:|---:|---:|---:|\n',
);
row('GET /bench/hello', await timed(() => app.inject({ method: 'GET', url: '/bench/hello' })));
// The heap the searches leave behind (caches, memo), after full collections, and their collections' pauses.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const heapHeld = () => {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const heapBefore = heapHeld();
// Node reports a collection a moment after it: the forced ones above are let through before watching.
await new Promise((resolve) => setTimeout(resolve, 100));
const pauses = { minor: [] as number[], major: [] as number[] };
const gcWatch = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind;
    (kind === constants.NODE_PERFORMANCE_GC_MAJOR ? pauses.major : pauses.minor).push(e.duration);
  }
});
gcWatch.observe({ entryTypes: ['gc'] });
const profiling = process.env.BENCH_PROFILE ? new Session() : undefined;
if (profiling) {
  profiling.connect();
  await profiling.post('Profiler.enable');
  await profiling.post('Profiler.start');
}
if (kind === 'hotels') {
  const cities = (
    await app.inject({ method: 'GET', url: '/b2c/hotel_cities?limit=100', headers })
  ).json() as { data: City[] };
  const city = hotelCityStays(day, cities.data);
  const radius = hotelRadiusStays(day, cities.data);
  row('POST /search_hotels distinct city', await timed(() => post('/search_hotels', city())()));
  row('POST /search_hotels distinct radius', await timed(() => post('/search_hotels', radius())()));
} else {
  const oneWay = flightOneWays(day);
  const returns = flightReturns(day);
  row('POST /search_flight distinct one-way', await timed(() => post('/search_flight', oneWay())()));
  row('POST /search_flight distinct return', await timed(() => post('/search_flight', returns())()));
}
gcWatch.disconnect();
const heapAfter = heapHeld();
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
process.stdout.write(
  `\nheap held after full collections: ${heapBefore.toFixed(0)} MiB before the searches, ` +
    `${heapAfter.toFixed(0)} MiB after; during them ${pauses.minor.length} young collections ` +
    `(${sum(pauses.minor).toFixed(0)} ms, longest ${Math.max(0, ...pauses.minor).toFixed(1)}), ` +
    `${pauses.major.length} full (${sum(pauses.major).toFixed(0)} ms, longest ${Math.max(0, ...pauses.major).toFixed(1)})\n`,
);
if (profiling) {
  const { profile } = await profiling.post('Profiler.stop');
  writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
  profiling.disconnect();
}
// Where the time went: the search phases' averages (wall time, yields included) from the gauges.
const metrics = (await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
const phases = new Map<string, { sum: number; count: number }>();
for (const m of metrics.matchAll(/^itinera_search_phase_seconds_(sum|count)\{([^}]*)\} (\S+)$/gm)) {
  const phase = m[2]!;
  const p = phases.get(phase) ?? { sum: 0, count: 0 };
  p[m[1] as 'sum' | 'count'] = Number(m[3]);
  phases.set(phase, p);
}
process.stdout.write('\n| search phase (every question above) | mean ms |\n|---|---:|\n');
if (phases.size === 0) process.stdout.write('| (counted in the search threads, not here) | |\n');
for (const [phase, p] of phases)
  process.stdout.write(`| ${phase.replaceAll('"', '')} | ${((p.sum / p.count) * 1000).toFixed(2)} |\n`);
await app.close();
run.remove();
