/**
 * Bookings with webhooks: book_flight at a steady load (10 connections) on the L preset with no endpoint
 * subscribed, then with one endpoint subscribed to every event (each booking then also writes a
 * delivery row, and the deliverer posts it), in the same run; then the time from each booking's commit
 * (its event's `created_at`) to its receipt by a receiver in this process, p50 and p99, with the
 * deliverer polling as configured by default (WEBHOOK_POLL_MS=1000).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { measureBookings, offersToBook } from './booking-load.ts';
import { CONNECTIONS, DURATION, startServer } from './harness.ts';
import { dayFrom, preparedCopy } from './prepared-data.ts';

const run = preparedCopy(process.env.BENCH_DATA_DIR ?? '/tmp/itinera-bench-L', 'prepare-flights.ts');
const server = await startServer<{ port: number; token: string; adminToken: string }>(
  path.join(import.meta.dirname, 'flights-server.ts'),
  { ...run.env, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', MAIL_POLL_MS: '0' },
);
const base = `http://127.0.0.1:${server.started.port}`;
const headers = { authorization: `Bearer ${server.started.token}`, 'content-type': 'application/json' };
const offers = await offersToBook(base, headers, dayFrom(run.start));

const latencies: number[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    latencies.push(Date.now() - Date.parse((JSON.parse(body) as { created_at: string }).created_at));
    res.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const load = (tag: string) => measureBookings(base, headers, offers, tag);

const without = await load('plain');
const subscribed = await fetch(`${base}/create_webhook`, {
  method: 'POST',
  headers: { authorization: `Bearer ${server.started.adminToken}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    events: ['*'],
  }),
});
if (subscribed.status !== 201) throw new Error(`create_webhook answered ${subscribed.status}`);
const withHook = await load('hooked');
for (let i = 0; i < 600 && latencies.length < withHook.booked; i++)
  await new Promise((r) => setTimeout(r, 50));
await server.stop();
receiver.close();
run.remove();

latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
process.stdout.write(
  [
    '| scenario | req/s | p50 ms | p99 ms | booked | failed |',
    '|---|---:|---:|---:|---:|---:|',
    `| POST /book_flight, no endpoint | ${Math.round(without.rps)} | ${without.p50} | ${without.p99} | ${without.booked} | ${without.bad} |`,
    `| POST /book_flight, one endpoint for every event | ${Math.round(withHook.rps)} | ${withHook.p50} | ${withHook.p99} | ${withHook.booked} | ${withHook.bad} |`,
    '',
    `Commit to receipt: ${latencies.length} deliveries of ${withHook.booked} bookings, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${latencies.at(-1)} ms. ${CONNECTIONS} connections, ${DURATION} s per scenario.`,
    '',
  ].join('\n'),
);
if (without.bad > 0 || withHook.bad > 0 || latencies.length < withHook.booked) process.exitCode = 1;
