/**
 * Hotel search (by city, and by point and radius) and booking at the L preset (about 300,000 hotels,
 * three room types each, a year of nights), each next to a hello-world route and to a static route
 * serving the identical bytes, in the same run. The L database is made once per start date and reused
 * (BENCH_HOTELS_DIR, default /tmp/itinera-bench-hotels-L); each run books on a fresh copy.
 * BENCH_LIVENESS_ONLY=1 runs the hello-world row and the liveness rows alone.
 */
import path from 'node:path';
import type autocannon from 'autocannon';
import { contentChangeLatency } from './content-change.ts';
import { type City, hotelCityStays, hotelRadiusStays } from './distinct-questions.ts';
import { createRecorder, DURATION, distinctRequests, loadApart, startServer } from './harness.ts';
import { dayFrom, preparedCopy } from './prepared-data.ts';

const run = preparedCopy(process.env.BENCH_HOTELS_DIR ?? '/tmp/itinera-bench-hotels-L', 'prepare-hotels.ts');
const { start } = run;
const day = dayFrom(start);

const server = await startServer<{
  port: number;
  token: string;
  adminToken: string;
  startupMs: number;
  searchThreads: number;
  hotels: number;
}>(path.join(import.meta.dirname, 'hotels-server.ts'), run.env);
const { started, ask } = server;
const base = `http://127.0.0.1:${started.port}`;
const headers = { authorization: `Bearer ${started.token}`, 'content-type': 'application/json' };

// The biggest city of the preset (the catalogue's most populous with hotels) and a point in it.
const cities = (await (await fetch(`${base}/b2c/hotel_cities?limit=1`, { headers })).json()) as {
  data: Array<{ city_id: string; name: string; latitude: number; longitude: number; hotel_count: number }>;
};
const city = cities.data[0]!;
const searches = {
  city: {
    destination: { city_id: city.city_id },
    check_in: day(30),
    check_out: day(33),
    rooms: [{ adults: 2 }],
  },
  radius: {
    destination: { latitude: city.latitude, longitude: city.longitude, radius_km: 3 },
    check_in: day(30),
    check_out: day(33),
    rooms: [{ adults: 2 }],
    sort: 'distance',
  },
};
for (const [name, body] of Object.entries(searches)) {
  const stored = await ask<{ status: number; bytes: number; hotels: number; total: number }>({
    kind: 'static',
    name,
    body,
  });
  process.stdout.write(
    `${name}: ${stored.status}, ${stored.total} hotels found, ${stored.hotels} on the page, ${stored.bytes} bytes\n`,
  );
  if (stored.status !== 200 || stored.hotels === 0) throw new Error(`search ${name} found nothing`);
}

// Rate keys for one night at many hotels and dates, so booking never runs out of rooms.
const rates: Array<{ rate_key: string; total_amount: number; currency: string }> = [];
for (let d = 40; d < 100 && rates.length < 2000; d++) {
  const res = await fetch(`${base}/search_hotels`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...searches.city, check_in: day(d), check_out: day(d + 1), limit: 50 }),
  });
  for (const h of ((await res.json()) as { data: Array<{ options: typeof rates }> }).data)
    rates.push(...h.options.slice(0, 3));
}
let n = 0;

const recorder = createRecorder();
const livenessOnly = process.env.BENCH_LIVENESS_ONLY === '1';
await recorder.measure('hello-world route', { url: `${base}/bench/hello` });
for (const [name, body] of livenessOnly ? [] : Object.entries(searches)) {
  await recorder.measure(`static bytes of search ${name}`, {
    url: `${base}/bench/static/${name}`,
    method: 'POST',
    headers,
    body: '{}',
  });
  const search = {
    url: `${base}/search_hotels`,
    method: 'POST' as const,
    headers,
    body: JSON.stringify(body),
  };
  const full = await recorder.measure(`POST /search_hotels ${name}`, search);
  if (name === 'city') await recorder.measureAtHalf(`POST /search_hotels ${name}`, search, full);
}
// Stays nobody asked for before, in the 100 cities with most hotels, next to the static bytes of the
// biggest city's repeated answer.
const topCities = (
  (await (await fetch(`${base}/b2c/hotel_cities?limit=100`, { headers })).json()) as { data: City[] }
).data;
for (const [name, next] of livenessOnly
  ? []
  : ([
      ['city', hotelCityStays(day, topCities)],
      ['radius', hotelRadiusStays(day, topCities)],
    ] as const)) {
  await recorder.measure(`static bytes of search ${name}`, {
    url: `${base}/bench/static/${name}`,
    method: 'POST',
    headers,
    body: '{}',
  });
  const distinct = distinctRequests(`${base}/search_hotels`, headers, next);
  const full = await recorder.measure(
    `POST /search_hotels distinct ${name} (seeded, no body repeated)`,
    distinct,
  );
  if (name === 'city') await recorder.measureAtHalf(`POST /search_hotels distinct ${name}`, distinct, full);
}
// A content change at L, seen by search: how long, and what it does to memory.
const firstHotelId = (
  (await (
    await fetch(`${base}/search_hotels`, { method: 'POST', headers, body: JSON.stringify(searches.city) })
  ).json()) as { data: Array<{ hotel: { id: string } }> }
).data[0]!.hotel.id;
const { rss: rssBeforeChanges } = await ask<{ rss: number }>({ kind: 'rss' });
const changed = livenessOnly
  ? []
  : await contentChangeLatency(
      base,
      headers,
      { authorization: `Bearer ${started.adminToken}` },
      searches.city,
      firstHotelId,
      5,
    );
const { rss: rssAfterChanges } = await ask<{ rss: number }>({ kind: 'rss' });
process.stdout.write(
  `content change to search: ${changed.map((ms) => Math.round(ms)).join(', ')} ms; resident memory ${Math.round(rssBeforeChanges / 1048576)} → ${Math.round(rssAfterChanges / 1048576)} MiB\n`,
);

const booking: autocannon.Options = {
  url: `${base}/book_hotel`,
  method: 'POST',
  headers,
  requests: [
    {
      setupRequest: (req) => {
        const rate = rates[n++ % rates.length]!;
        return {
          ...req,
          headers: { ...headers, 'idempotency-key': `bench-${start}-${process.pid}-${n}` },
          body: JSON.stringify({
            rate_key: rate.rate_key,
            holder: {
              given_name: 'Ada',
              family_name: 'Bench',
              email: 'bench@example.com',
              phone: '+442071234567',
            },
            rooms: [
              {
                guests: [
                  { given_name: 'Ada', family_name: 'Bench' },
                  { given_name: 'Bob', family_name: 'Bench' },
                ],
              },
            ],
            expected_total: { amount: rate.total_amount, currency: rate.currency },
            payment: { type: 'card', card_token: 'tok_visa' },
          }),
        };
      },
    },
  ],
};
if (!livenessOnly)
  await recorder.measure(`POST /book_hotel (1 room, rotating ${rates.length} rate keys)`, booking);
// Liveness and bookings at a steady rate while 20 connections send stays nobody asked for before.
await ask({ kind: 'loop' });
// The load comes from a process of its own, so that the probes' latencies are the server's.
await Promise.all([
  loadApart({
    url: `${base}/search_hotels`,
    headers,
    start,
    cities: topCities,
    seed: 5,
    connections: 20,
    duration: DURATION,
  }).then((r) =>
    recorder.add(
      'POST /search_hotels distinct city, 20 connections from another process (the load of the next two rows)',
      r,
    ),
  ),
  recorder.measure('GET /health/live at 50 req/s during that load', {
    url: `${base}/health/live`,
    connections: 2,
    overallRate: 50,
  }),
  recorder.measure('POST /book_hotel at 20 req/s during that load', {
    ...booking,
    connections: 2,
    overallRate: 20,
  }),
]);
const held = await ask<{ delayP99Ms: number; delayMaxMs: number; gcMaxMs: number; gcTotalMs: number }>({
  kind: 'loop',
});
process.stdout.write(
  `serving thread during that load: event-loop delay p99 ${held.delayP99Ms.toFixed(1)} ms, max ${held.delayMaxMs.toFixed(1)} ms; longest GC pause ${held.gcMaxMs.toFixed(1)} ms, ${Math.round(held.gcTotalMs)} ms of GC in all\n`,
);
const { rss } = await ask<{ rss: number }>({ kind: 'rss' });
await server.stop();
run.remove();
recorder.report(
  'hotels-latest.md',
  `Content changes (a hotel renamed through POST /import_hotel_csv) seen by search after ${changed.map((ms) => Math.round(ms)).join(', ')} ms, resident memory ${Math.round(rssBeforeChanges / 1048576)} MiB before and ${Math.round(rssAfterChanges / 1048576)} MiB after. L preset: ${started.hotels} hotels; city searched: ${city.name} (${city.hotel_count} hotels), 3 nights, 2 adults; radius 3 km around its centre. Start-up to listening with the hotel index loaded: ${Math.round(started.startupMs)} ms. Search threads: ${started.searchThreads}. The serving thread during the liveness rows: event-loop delay p99 ${held.delayP99Ms.toFixed(1)} ms, max ${held.delayMaxMs.toFixed(1)} ms, longest GC pause ${held.gcMaxMs.toFixed(1)} ms. Resident memory after the run: ${Math.round(rss / 1048576)} MiB.`,
);
