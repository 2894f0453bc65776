import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { dropPostgresSchema, openStorage } from '../../src/db/database.ts';
import { testEngine } from '../helpers/engine.ts';
import { bookingBody, numberedAdult } from '../helpers/flights.ts';
import { demoToken, type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

/**
 * Two server processes on one database sell 200 bookings between them, ten at a time each; one is
 * killed with SIGKILL part way, and what it had in hand is sent again to the other with the same keys.
 * Every invoice number of the year and every airline's ticket serial is then taken exactly once, with
 * no gap: a number taken by a transaction the kill cut off went back with it. On SQLite and PostgreSQL.
 */
const BOOKINGS = 200;
const PER_PROCESS = 10;
const KILL_AFTER_ACKS = 60;

describe(`document numbers across processes and a kill (${testEngine()})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-numbers-'));
  const schema = `t_${process.env.TEST_RUN_ID ?? 'solo'}_numbers_${randomBytes(4).toString('hex')}`;
  const databaseEnv: Record<string, string> =
    testEngine() === 'postgres'
      ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema }
      : {};
  const started: ServerProcess[] = [];

  const start = async () => {
    const server = await startServerProcess({
      ...databaseEnv,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://itinera.numbers.test',
      DEMO_ACCOUNTS: 'always',
      DEMO_PRESET: 'S',
      IDEMPOTENCY_STALE_CLAIM_SECONDS: '1',
      PAYMENTS_POLL_MS: '50',
      RATE_LIMIT_MAX: '100000',
      SEARCHES_PER_CLIENT: '64',
    });
    started.push(server);
    return server;
  };

  after(async () => {
    for (const server of started) await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (testEngine() === 'postgres' && !process.env.TEST_RUN_ID)
      await dropPostgresSchema(process.env.TEST_DATABASE_URL!, schema);
  });

  let first: ServerProcess;
  let second: ServerProcess;
  let token = '';
  before(async () => {
    first = await start();
    second = await start();
    token = await demoToken(first.base, dataDir);
  });

  const call = async (base: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };

  it('numbers every invoice and ticket once, with no gap, though a process died mid-sale', async (ctx) => {
    const day = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
    const search = await call(first.base, '/search_flight', {
      slices: [{ origin: 'LHR', destination: 'JFK', departure_date: day }],
      passengers: { adults: 1 },
      max_connections: 1,
      limit: 20,
    });
    assert.equal(search.status, 200);
    const offers = search.body.data as Array<{ id: string; total_amount: number; total_currency: string }>;
    assert.ok(offers.length >= 4);
    const requests = Array.from({ length: BOOKINGS }, (_, i) => {
      const offer = offers[i % offers.length]!;
      return {
        key: `numbers-${i}-${randomBytes(4).toString('hex')}`,
        body: bookingBody(offer, [numberedAdult(i, 'Number', 'N')]),
      };
    });

    // Both processes take bookings, ten at a time each; the first dies once 60 are acknowledged.
    let acknowledged = 0;
    let next = 0;
    let killed: Promise<void> | undefined;
    const cutOff: typeof requests = [];
    const worker = (server: ServerProcess) => async () => {
      while (next < requests.length) {
        if (server === first && killed) return;
        const request = requests[next++]!;
        try {
          const res = await call(server.base, '/book_flight', request.body, {
            'idempotency-key': request.key,
          });
          if (res.status === 201) acknowledged += 1;
          else cutOff.push(request);
          if (acknowledged >= KILL_AFTER_ACKS && !killed) killed = first.kill();
        } catch {
          cutOff.push(request); // the connection died with the process
        }
      }
    };
    await Promise.all([
      ...Array.from({ length: PER_PROCESS }, worker(first)),
      ...Array.from({ length: PER_PROCESS }, worker(second)),
    ]);
    await killed;
    // What the dead process had in hand, again through the living one, with the same keys.
    for (const request of cutOff)
      for (let attempt = 0; attempt < 30; attempt++) {
        const res = await call(second.base, '/book_flight', request.body, { 'idempotency-key': request.key });
        // A key still held by the dead process's claim, or a busy server: as a client does, after Retry-After.
        if ((res.status === 409 && res.body.code === 'IDEMPOTENCY_IN_PROGRESS') || res.status === 503) {
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
          continue;
        }
        assert.ok([201, 409].includes(res.status), `${res.status} ${JSON.stringify(res.body)}`);
        break;
      }
    ctx.diagnostic(`${cutOff.length} requests sent again after the kill`);

    const storage = await openStorage(
      testEngine() === 'postgres'
        ? { databaseUrl: process.env.TEST_DATABASE_URL!, schema, poolSize: 2 }
        : { sqliteFile: path.join(dataDir, 'itinera.db') },
    );
    try {
      const bookings = await storage.db.selectFrom('flight_bookings').select(['id', 'status']).execute();
      assert.ok(bookings.length >= KILL_AFTER_ACKS, `${bookings.length} bookings`);
      const invoices = await storage.db
        .selectFrom('invoices')
        .select(['number', 'booking_id', 'issue_date'])
        .where('kind', '=', 'invoice')
        .execute();
      assert.deepEqual(
        invoices.map((i) => i.booking_id).sort(),
        bookings.map((b) => b.id).sort(),
        'one invoice for each booking, none for a booking that did not commit',
      );
      for (const [year, numbers] of Map.groupBy(invoices, (i) => i.issue_date.slice(0, 4))) {
        const serials = numbers.map((i) => Number(i.number.slice(-6))).sort((a, b) => a - b);
        assert.deepEqual(
          serials,
          Array.from({ length: serials.length }, (_, k) => k + 1),
          `${year}'s invoice numbers, each once, no gap`,
        );
      }
      const tickets = await storage.db
        .selectFrom('flight_tickets')
        .select(['number', 'booking_id'])
        .execute();
      assert.equal(new Set(tickets.map((t) => t.number)).size, tickets.length, 'no ticket number twice');
      for (const [code, numbers] of Map.groupBy(tickets, (t) => t.number.slice(0, 3))) {
        const serials = numbers.map((t) => Number(t.number.slice(3)) - 2_000_000_000).sort((a, b) => a - b);
        assert.deepEqual(
          serials,
          Array.from({ length: serials.length }, (_, k) => k + 1),
          `airline ${code}'s ticket serials, each once, no gap`,
        );
      }
      ctx.diagnostic(`${invoices.length} invoices, ${tickets.length} tickets`);
    } finally {
      await storage.close();
    }
  });
});
