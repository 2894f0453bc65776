/**
 * Booking with and without payment: book_flight at a steady load (10 connections) on the L preset, in
 * one run and on one server: a hold (no payment, the baseline), an instant booking paid by card (an
 * authorization before the transaction, the capture queued in it and done by the payments job) and one
 * paid from an agency balance (a conditional debit and a ledger transaction inside it).
 */
import path from 'node:path';
import { measureBookings, offersToBook, type Paying } from './booking-load.ts';
import { CONNECTIONS, DURATION, startServer } from './harness.ts';
import { dayFrom, preparedCopy } from './prepared-data.ts';

const run = preparedCopy(process.env.BENCH_DATA_DIR ?? '/tmp/itinera-bench-L', 'prepare-flights.ts');
const server = await startServer<{ port: number; token: string; adminToken: string; agentToken: string }>(
  path.join(import.meta.dirname, 'flights-server.ts'),
  { ...run.env, MAIL_POLL_MS: '0' },
);
const base = `http://127.0.0.1:${server.started.port}`;
const json = { 'content-type': 'application/json' };
const customer = { authorization: `Bearer ${server.started.token}`, ...json };
const agent = { authorization: `Bearer ${server.started.agentToken}`, ...json };
const admin = { authorization: `Bearer ${server.started.adminToken}`, ...json };
const day = dayFrom(run.start);
// Each scenario books offers of its own 40 days, so none meets flights another filled.
const offersFrom = (offset: number) => offersToBook(base, customer, (n) => day(n + offset));

const agencyId = (
  (await (await fetch(`${base}/balance`, { headers: agent })).json()) as { agency_id: string }
).agency_id;
const topUp = await fetch(`${base}/top_up_balance`, {
  method: 'POST',
  headers: admin,
  body: JSON.stringify({ agency_id: agencyId, amount: 900_000_000_000, currency: 'EUR', reference: 'bench' }),
});
if (topUp.status !== 200) throw new Error(`top_up_balance answered ${topUp.status}`);

const load = async (paying: Paying, headers: Record<string, string>, offset: number) =>
  measureBookings(base, headers, await offersFrom(offset), `pay-${paying}-${Date.now()}`, paying);

const rows: Array<[string, Awaited<ReturnType<typeof load>>]> = [
  ['hold, no payment (baseline)', await load('hold', customer, 0)],
  ['instant, card (test gateway)', await load('card', customer, 40)],
  ['instant, agency balance', await load('balance', agent, 80)],
];
await server.stop();
run.remove();

process.stdout.write(
  [
    '| POST /book_flight | req/s | p50 ms | p99 ms | booked | failed |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      ([name, r]) => `| ${name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.booked} | ${r.bad} |`,
    ),
    ...rows
      .filter(([, r]) => r.bad > 0)
      .map(([name, r]) => `\n${name} failed: ${JSON.stringify(r.failures)}`),
    '',
    `${CONNECTIONS} connections, ${DURATION} s per scenario, L preset, SQLite.`,
    '',
  ].join('\n'),
);
