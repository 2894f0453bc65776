/**
 * Flight + hotel trip search at the M and L presets (BENCH_TRIPS_PRESETS, default "M,L"), each next to
 * a hello-world route and to a static route serving the identical bytes (S), in the same run: one
 * repeated question, and seeded questions nobody asked before (from the 30 hubs to the 30 cities with
 * most hotels). Each preset's database is made once per start date and reused
 * (/tmp/itinera-bench-trips-M and -L); each run works on a fresh copy.
 */
import path from 'node:path';
import { type City, HUBS, tripQuestions } from './distinct-questions.ts';
import { createRecorder, distinctRequests, startServer } from './harness.ts';
import { dayFrom, preparedCopy } from './prepared-data.ts';

const PARIS = 'cty_2988507';
const recorder = createRecorder();
const notes: string[] = [];
for (const preset of (process.env.BENCH_TRIPS_PRESETS ?? 'M,L').split(',')) {
  process.env.BENCH_TRIPS_PRESET = preset;
  const run = preparedCopy(`/tmp/itinera-bench-trips-${preset}`, 'prepare-trips.ts');
  const day = dayFrom(run.start);
  const server = await startServer<{
    port: number;
    token: string;
    startupMs: number;
    schedules: number;
    hotels: number;
  }>(path.join(import.meta.dirname, 'trips-server.ts'), run.env);
  const { started, ask } = server;
  const base = `http://127.0.0.1:${started.port}`;
  const headers = { authorization: `Bearer ${started.token}`, 'content-type': 'application/json' };
  const repeated = {
    origin: 'LHR',
    destination: { city_id: PARIS },
    departure_date: day(30),
    return_date: day(34),
    travellers: { adults: 2 },
  };
  const stored = await ask<{ status: number; bytes: number; packages: number; total: number }>({
    kind: 'static',
    name: 'trip',
    body: repeated,
  });
  process.stdout.write(
    `${preset} LHR–Paris: ${stored.status}, ${stored.total} packages, ${stored.packages} on the page, ${stored.bytes} bytes\n`,
  );
  if (stored.status !== 200 || stored.packages === 0)
    throw new Error(`trip search at ${preset} found nothing`);

  await recorder.measure(`hello-world route (${preset} database)`, { url: `${base}/bench/hello` });
  const staticBytes = {
    url: `${base}/bench/static/trip`,
    method: 'POST' as const,
    headers,
    body: '{}',
  };
  await recorder.measure(`static bytes of trip search at ${preset} (S)`, staticBytes);
  await recorder.measure(`POST /search_trips LHR–Paris, 2 adults, repeated, at ${preset}`, {
    url: `${base}/search_trips`,
    method: 'POST',
    headers,
    body: JSON.stringify(repeated),
  });
  const cities = (
    (await (await fetch(`${base}/b2c/hotel_cities?limit=30`, { headers })).json()) as { data: City[] }
  ).data;
  const cityOfHub = new Map<string, string>();
  for (const hub of HUBS) {
    const airport = (await (await fetch(`${base}/b2c/airports/${hub}`, { headers })).json()) as {
      city_id?: string;
    };
    if (airport.city_id) cityOfHub.set(hub, airport.city_id);
  }
  await recorder.measure(`static bytes of trip search at ${preset} (S)`, staticBytes);
  await recorder.measure(
    `POST /search_trips distinct at ${preset} (seeded, no body repeated)`,
    distinctRequests(`${base}/search_trips`, headers, tripQuestions(day, cities, cityOfHub)),
  );
  const { rss } = await ask<{ rss: number }>({ kind: 'rss' });
  notes.push(
    `${preset}: ${started.schedules} schedules, ${started.hotels} hotels, start-up ${Math.round(started.startupMs)} ms, resident memory after ${Math.round(rss / 1048576)} MiB.`,
  );
  await server.stop();
  run.remove();
}
recorder.report('trips-latest.md', notes.join(' '));
