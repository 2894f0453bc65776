/**
 * Flight search and booking at the L preset (about 4,000 airports, 100,000 flights a day), each next
 * to a hello-world route and to a static route serving the identical bytes, in the same run.
 * The L database is made once per start date and reused (BENCH_DATA_DIR, default /tmp/itinera-bench-L).
 */
import path from 'node:path';
import { bookingRequests, offersToBook } from './booking-load.ts';
import { flightOneWays, flightReturns } from './distinct-questions.ts';
import { bookedOffer, offerOfBrand } from './flight-servicing.ts';
import { createRecorder, distinctRequests, startServer } from './harness.ts';
import { dayFrom, preparedCopy } from './prepared-data.ts';

const run = preparedCopy(process.env.BENCH_DATA_DIR ?? '/tmp/itinera-bench-L', 'prepare-flights.ts');
const { start } = run;
const day = dayFrom(start);

const server = await startServer<{ port: number; token: string; startupMs: number; schedules: number }>(
  path.join(import.meta.dirname, 'flights-server.ts'),
  run.env,
);
const { started, ask } = server;

const base = `http://127.0.0.1:${started.port}`;
const headers = { authorization: `Bearer ${started.token}`, 'content-type': 'application/json' };
const searches = {
  oneway: {
    slices: [{ origin: 'LHR', destination: 'JFK', departure_date: day(10) }],
    passengers: { adults: 1 },
    max_connections: 1,
  },
  connections: {
    slices: [{ origin: 'EDI', destination: 'SIN', departure_date: day(12) }],
    passengers: { adults: 1 },
    max_connections: 2,
  },
  return: {
    slices: [
      { origin: 'LHR', destination: 'JFK', departure_date: day(10) },
      { origin: 'JFK', destination: 'LHR', departure_date: day(17) },
    ],
    passengers: { adults: 2 },
    max_connections: 1,
  },
};
for (const [name, body] of Object.entries(searches)) {
  const stored = await ask<{ status: number; bytes: number; offers: number }>({ kind: 'static', name, body });
  process.stdout.write(`${name}: ${stored.status}, ${stored.offers} offers, ${stored.bytes} bytes\n`);
  if (stored.status !== 200 || stored.offers === 0) throw new Error(`search ${name} gave no offers`);
}

const offers = await offersToBook(base, headers, day);

const recorder = createRecorder();
const measure = recorder.measure;

await measure('hello-world route', { url: `${base}/bench/hello` });
for (const [name, body] of Object.entries(searches)) {
  await measure(`static bytes of search ${name}`, {
    url: `${base}/bench/static/${name}`,
    method: 'POST',
    headers,
    body: '{}',
  });
  const search = {
    url: `${base}/search_flight`,
    method: 'POST' as const,
    headers,
    body: JSON.stringify(body),
  };
  const full = await measure(`POST /search_flight ${name}`, search);
  if (name === 'oneway') await recorder.measureAtHalf(`POST /search_flight ${name}`, search, full);
}
// Questions nobody asked before, each next to the static bytes of its kind's repeated answer.
for (const [name, next] of [
  ['oneway', flightOneWays(day)],
  ['return', flightReturns(day)],
] as const) {
  await measure(`static bytes of search ${name}`, {
    url: `${base}/bench/static/${name}`,
    method: 'POST',
    headers,
    body: '{}',
  });
  const distinct = distinctRequests(`${base}/search_flight`, headers, next);
  const full = await measure(`POST /search_flight distinct ${name} (seeded, no body repeated)`, distinct);
  if (name === 'oneway')
    await recorder.measureAtHalf(`POST /search_flight distinct ${name}`, { ...distinct }, full);
}
// Servicing next to the plain one-way search above: the seat map of one of its offers, and the change
// offers of a booking of it moved two days on.
const servicing = await offerOfBrand(base, headers, searches.oneway, 'standard');
await measure('GET /seat_maps (offer of search oneway)', {
  url: `${base}/seat_maps?offer_id=${encodeURIComponent(servicing.id)}`,
  headers,
});
const bookingId = await bookedOffer(base, headers, servicing);
await measure('POST /search_changes (booking of search oneway, +2 days)', {
  url: `${base}/search_changes`,
  method: 'POST',
  headers,
  body: JSON.stringify({ booking_id: bookingId, slices: [{ slice: 0, departure_date: day(12) }] }),
});
const failures = new Map<string, number>();
await measure(
  'POST /book_flight (1 adult, rotating 160 offers)',
  bookingRequests(base, headers, offers, start, 'card', failures),
);
if (failures.size > 0)
  process.stdout.write(`booking failures by code: ${JSON.stringify(Object.fromEntries(failures))}\n`);
const { rss } = await ask<{ rss: number }>({ kind: 'rss' });
await server.stop();
run.remove();
recorder.report(
  'flights-latest.md',
  `L preset: ${started.schedules} schedules. Start-up to listening with the network loaded: ${Math.round(started.startupMs)} ms. Resident memory after the run: ${Math.round(rss / 1048576)} MiB.`,
);
