import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { dropPostgresSchema, openStorage, type Storage } from '../../src/db/database.ts';
import { testEngine } from '../helpers/engine.ts';
import { bookingBody, numberedAdult } from '../helpers/flights.ts';
import { freePort } from '../helpers/free-port.ts';
import { demoToken } from '../helpers/server-process.ts';

/**
 * The real server (`itinera serve`, its own process, demo S network) takes a stream of bookings and is
 * killed with SIGKILL while some are in flight. A new process on the same database then gets every
 * request again with its key. Nothing acknowledged is lost, no key stays stuck, no request books twice,
 * and the seats sold are exactly the seats of the live bookings; every booking's event reaches a webhook
 * receiver, though the process died between commits and deliveries. On SQLite (a file) and PostgreSQL.
 */
const root = path.resolve(import.meta.dirname, '../..');
const BOOKINGS = 36;
const IN_FLIGHT = 6;
const KILL_AFTER_ACKS = 10;

describe(`a server killed mid-booking (${testEngine()})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-crash-'));
  const schema = `t_${process.env.TEST_RUN_ID ?? 'solo'}_crash_${randomBytes(4).toString('hex')}`;
  const databaseEnv: Record<string, string> =
    testEngine() === 'postgres'
      ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema }
      : {};
  let server: ChildProcess | undefined;
  const started: ChildProcess[] = [];
  let base = '';

  async function start(): Promise<void> {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.join(root, 'src/cli/main.ts'), 'serve'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        ...databaseEnv,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: 'http://itinera.crash.test',
        DEMO_ACCOUNTS: 'always',
        DEMO_PRESET: 'S',
        IDEMPOTENCY_STALE_CLAIM_SECONDS: '1',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_POLL_MS: '50',
        WEBHOOK_TIMEOUT_MS: '500',
        WEBHOOK_LEASE_MS: '1000',
        PAYMENTS_POLL_MS: '50',
        PAYMENT_ORPHAN_AFTER_MS: '1000',
        PAYMENT_LEASE_MS: '1000',
        RATE_LIMIT_MAX: '100000',
        LOG_LEVEL: 'silent',
      },
    });
    started.push(server);
    for (let i = 0; i < 600; i++) {
      const ready = await fetch(`${base}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      await sleep(100);
    }
    throw new Error('the server did not become ready');
  }

  function kill(): Promise<void> {
    const child = server!;
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  after(async () => {
    receiver.close();
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (testEngine() === 'postgres' && !process.env.TEST_RUN_ID)
      await dropPostgresSchema(process.env.TEST_DATABASE_URL!, schema);
  });

  let token = '';
  /** Event ids the webhook receiver was sent, with how many times. */
  const received = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    const id = String(req.headers['webhook-id']);
    received.set(id, (received.get(id) ?? 0) + 1);
    req.resume().on('end', () => res.end('ok'));
  });
  const call = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };

  before(async () => {
    await start();
    token = await demoToken(base, dataDir);
    const adminToken = await demoToken(base, dataDir, 'admin');
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = await fetch(`${base}/create_webhook`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${adminToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        url: `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hook`,
        events: ['flight_booking.created'],
      }),
    });
    assert.equal(hook.status, 201);
  });

  it('loses no acknowledged booking, leaves no key stuck, books nothing twice, and leaks no seat', async (ctx) => {
    const day = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
    const search = await call('/search_flight', {
      slices: [{ origin: 'LHR', destination: 'JFK', departure_date: day }],
      passengers: { adults: 1 },
      max_connections: 1,
      limit: 12,
    });
    assert.equal(search.status, 200);
    const offers = search.body.data as Array<{ id: string; total_amount: number; total_currency: string }>;
    assert.ok(offers.length >= 3);
    const requests = Array.from({ length: BOOKINGS }, (_, i) => {
      const offer = offers[i % offers.length]!;
      return {
        key: `crash-${i}-${randomBytes(4).toString('hex')}`,
        body: bookingBody(offer, [numberedAdult(i, 'Crash', 'C')]),
      };
    });

    // A stream of bookings, a few at a time; the process dies once some have been acknowledged.
    const acknowledged = new Map<string, string>();
    let cut = 0;
    let next = 0;
    let killed: Promise<void> | undefined;
    const worker = async () => {
      while (next < requests.length && !killed) {
        const request = requests[next++]!;
        try {
          const res = await call('/book_flight', request.body, { 'idempotency-key': request.key });
          if (res.status === 201) acknowledged.set(request.key, res.body.id);
          if (acknowledged.size >= KILL_AFTER_ACKS) killed ??= kill();
        } catch {
          cut += 1; // the connection died with the process: not acknowledged
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await killed;
    assert.ok(acknowledged.size >= KILL_AFTER_ACKS);
    ctx.diagnostic(
      `${acknowledged.size} acknowledged, ${cut} cut off by the kill, ${BOOKINGS - next} not sent`,
    );

    // A new process; every request is sent again with its key until it has a final answer.
    await start();
    const outcome = new Map<string, { status: number; id?: string; replayed: boolean }>();
    for (const request of requests) {
      for (let attempt = 0; attempt < 30; attempt++) {
        const res = await call('/book_flight', request.body, { 'idempotency-key': request.key });
        // Not final answers, each with a Retry-After: the first booking still running, or a server just
        // started shedding load while its threads start on a busy machine. A client comes back later.
        if (
          (res.status === 409 && res.body.code === 'IDEMPOTENCY_IN_PROGRESS') ||
          (res.status === 503 && res.body.code === 'OVERLOADED')
        ) {
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
          continue;
        }
        outcome.set(request.key, {
          status: res.status,
          id: res.body.id,
          replayed: res.headers.get('idempotent-replayed') === 'true',
        });
        break;
      }
      assert.ok(outcome.has(request.key), `key ${request.key} stayed stuck`);
    }
    for (const [key, id] of acknowledged) {
      const answer = outcome.get(key)!;
      assert.equal(answer.status, 201, `acknowledged ${key} answers ${answer.status}`);
      assert.equal(answer.id, id, 'the same booking, not a new one');
      assert.equal(answer.replayed, true);
    }

    const storage: Storage = await openStorage(
      testEngine() === 'postgres'
        ? { databaseUrl: process.env.TEST_DATABASE_URL!, schema, poolSize: 2 }
        : { sqliteFile: path.join(dataDir, 'itinera.db') },
    );
    try {
      const booked = [...outcome.values()].filter((o) => o.status === 201).map((o) => o.id!);
      assert.equal(new Set(booked).size, booked.length, 'no two keys share a booking');
      const rows = await storage.db.selectFrom('flight_bookings').select(['id', 'idempotency_key']).execute();
      assert.deepEqual(
        rows.map((r) => r.id).sort(),
        [...booked].sort(),
        'every booking belongs to one answer',
      );
      const seats = await storage.db
        .selectFrom('seat_inventory')
        .select(sql<number>`coalesce(sum(sold), 0)`.as('n'))
        .executeTakeFirstOrThrow();
      const live = await storage.db
        .selectFrom('flight_booking_segments as s')
        .innerJoin('flight_bookings as b', 'b.id', 's.booking_id')
        .where('b.status', 'in', ['held', 'confirmed'])
        .select(sql<number>`coalesce(sum(s.seats), 0)`.as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(seats.n), Number(live.n), 'seats sold are the seats of live bookings');
      const told = await storage.db
        .selectFrom('events')
        .select(['id as event_id', 'booking_id'])
        .where('type', '=', 'flight_booking.created')
        .execute();
      assert.deepEqual(
        told.map((e) => e.booking_id).sort(),
        [...booked].sort(),
        'each booking has its event, committed with it: none missing, none without its booking',
      );
      // Every committed booking's event reaches the receiver (at least once), after the restart if need be.
      for (let i = 0; i < 300 && told.some((e) => !received.has(e.event_id)); i++) await sleep(50);
      assert.deepEqual(
        told.filter((e) => !received.has(e.event_id)),
        [],
        'every committed booking’s event was delivered',
      );
      ctx.diagnostic(
        `${received.size} events delivered, ${[...received.values()].filter((n) => n > 1).length} of them twice (a claim cut off by the kill)`,
      );
      // Money: every booking's card is captured for its total, and every card authorization the gateway
      // holds belongs to a booking or is voided (one cut off by the kill is orphaned, then voided).
      const settled = async () => {
        const charges = await storage.db.selectFrom('test_gateway_payments').selectAll().execute();
        const payments = await storage.db.selectFrom('payments').selectAll().execute();
        const bookings = await storage.db
          .selectFrom('flight_bookings')
          .select(['id', 'total_amount'])
          .execute();
        return { charges, payments, bookings };
      };
      let money = await settled();
      for (
        let i = 0;
        i < 300 &&
        money.charges.some(
          (c) => c.status === 'authorized' || (c.status === 'captured' && c.captured_amount !== c.amount),
        );
        i++
      ) {
        await sleep(50);
        money = await settled();
      }
      const paymentOf = new Map(money.payments.map((p) => [p.id, p]));
      const chargeOf = new Map(money.charges.map((c) => [c.idempotency_key, c]));
      for (const b of money.bookings) {
        const payment = money.payments.find((p) => p.booking_id === b.id && p.status === 'paid');
        assert.ok(payment, `booking ${b.id} has its payment`);
        const charge = chargeOf.get(payment.id);
        assert.equal(charge?.status, 'captured', `booking ${b.id} is charged`);
        assert.equal(charge.captured_amount, b.total_amount);
      }
      for (const c of money.charges.filter((x) => x.status !== 'voided')) {
        const payment = paymentOf.get(c.idempotency_key);
        assert.ok(
          payment?.booking_id && money.bookings.some((b) => b.id === payment.booking_id),
          `the gateway's ${c.status} ${c.id} belongs to a booking`,
        );
      }
      const sums = await storage.db
        .selectFrom('ledger_entries')
        .select((eb) => ['currency', eb.fn.sum<string | number>('amount').as('total')])
        .groupBy('currency')
        .execute();
      for (const row of sums) assert.equal(Number(row.total), 0, `the ledger balances in ${row.currency}`);
      ctx.diagnostic(
        `${money.charges.filter((c) => c.status === 'captured').length} cards captured, ${money.charges.filter((c) => c.status === 'voided').length} authorizations voided`,
      );
      const open = await storage.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('status', '!=', 'done')
        .execute();
      assert.deepEqual(open, [], 'no key is left claimed');
    } finally {
      await storage.close();
    }
  });
});
