import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { dropPostgresSchema, openStorage } from '../../src/db/database.ts';
import { testEngine } from '../helpers/engine.ts';
import { CONTACT, numberedAdult } from '../helpers/flights.ts';
import { demoToken, type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

const TRIPS = 24;
const IN_FLIGHT = 6;
const KILL_AFTER_ACKS = 6;
const PARIS = 'cty_2988507';

/**
 * The real server (its own process, demo S) takes a stream of trips and is killed with SIGKILL while
 * some are in flight; a new process on the same database gets every request again with its key. No half
 * trip is left: every flight booking and every stay belongs to a trip that has both, every acknowledged
 * trip is answered again as itself, seats and room nights sold are those of live bookings, and the books
 * balance. On SQLite (a file) and PostgreSQL.
 */
describe(`a server killed in the middle of trip bookings (${testEngine()})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-trip-crash-'));
  const schema = `t_${process.env.TEST_RUN_ID ?? 'solo'}_tripcrash_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    ...(testEngine() === 'postgres'
      ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema }
      : {}),
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://itinera.trip-crash.test',
    DEMO_ACCOUNTS: 'always',
    DEMO_PRESET: 'S',
    IDEMPOTENCY_STALE_CLAIM_SECONDS: '1',
    PAYMENTS_POLL_MS: '50',
    PAYMENT_ORPHAN_AFTER_MS: '1000',
    PAYMENT_LEASE_MS: '1000',
    RATE_LIMIT_MAX: '100000',
  };
  let server: ServerProcess | undefined;
  after(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (testEngine() === 'postgres' && !process.env.TEST_RUN_ID)
      await dropPostgresSchema(process.env.TEST_DATABASE_URL!, schema);
  });

  it('leaves no half trip, answers every acknowledged trip again, and leaks no seat, room or cent', async (ctx) => {
    server = await startServerProcess(env);
    const token = await demoToken(server.base, dataDir);
    const call = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${server!.base}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as any };
    };
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const found = await call('/search_trips', {
      origin: 'LHR',
      destination: { city_id: PARIS },
      departure_date: day(12),
      return_date: day(15),
      travellers: { adults: 1 },
      limit: 8,
    });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    const packages = found.body.data as Array<{ package_id: string; total_amount: number; currency: string }>;
    assert.ok(packages.length >= 3);
    const requests = Array.from({ length: TRIPS }, (_, i) => {
      const pkg = packages[i % packages.length]!;
      return {
        key: `trip-crash-${i}-${randomBytes(4).toString('hex')}`,
        body: {
          package_id: pkg.package_id,
          passengers: [numberedAdult(i, 'Crash', 'K')],
          contact: CONTACT,
          expected_total: { amount: pkg.total_amount, currency: pkg.currency },
          payment: { type: 'card', card_token: 'tok_visa' },
        },
      };
    });

    const acknowledged = new Map<string, string>();
    let next = 0;
    let killed: Promise<void> | undefined;
    const worker = async () => {
      while (next < requests.length && !killed) {
        const request = requests[next++]!;
        try {
          const res = await call('/book_trip', request.body, { 'idempotency-key': request.key });
          if (res.status === 201) acknowledged.set(request.key, res.body.id);
          if (acknowledged.size >= KILL_AFTER_ACKS) killed ??= server!.kill();
        } catch {
          // The connection died with the process: not acknowledged.
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await killed;
    ctx.diagnostic(`${acknowledged.size} acknowledged before the kill, ${TRIPS - next} not sent`);

    server = await startServerProcess(env);
    const outcome = new Map<string, { status: number; id?: string }>();
    for (const request of requests) {
      for (let attempt = 0; attempt < 30 && !outcome.has(request.key); attempt++) {
        const res = await call('/book_trip', request.body, { 'idempotency-key': request.key });
        if (res.status === 409 && res.body.code === 'IDEMPOTENCY_IN_PROGRESS') {
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
          continue;
        }
        outcome.set(request.key, { status: res.status, id: res.body.id });
      }
      assert.ok(outcome.has(request.key), `key ${request.key} stayed stuck`);
    }
    for (const [key, id] of acknowledged)
      assert.equal(outcome.get(key)?.id, id, 'the same trip, not a new one');
    const booked = [...outcome.values()].filter((o) => o.status === 201).map((o) => o.id!);
    assert.ok(booked.length >= acknowledged.size);

    const storage = await openStorage(
      testEngine() === 'postgres'
        ? { databaseUrl: process.env.TEST_DATABASE_URL!, schema, poolSize: 2 }
        : { sqliteFile: path.join(dataDir, 'itinera.db') },
    );
    try {
      const db = storage.db;
      const trips = await db
        .selectFrom('trips')
        .select(['id', 'flight_booking_id', 'hotel_booking_id'])
        .execute();
      assert.deepEqual(trips.map((t) => t.id).sort(), [...booked].sort(), 'every trip belongs to one answer');
      const flights = (await db.selectFrom('flight_bookings').select('id').execute()).map((r) => r.id).sort();
      const stays = (await db.selectFrom('hotel_bookings').select('id').execute()).map((r) => r.id).sort();
      assert.deepEqual(flights, trips.map((t) => t.flight_booking_id).sort(), 'no flights outside a trip');
      assert.deepEqual(stays, trips.map((t) => t.hotel_booking_id).sort(), 'no stay outside a trip');
      const seats = await db
        .selectFrom('seat_inventory')
        .select(sql<number>`coalesce(sum(sold), 0)`.as('n'))
        .executeTakeFirstOrThrow();
      const seated = await db
        .selectFrom('flight_booking_segments as s')
        .innerJoin('flight_bookings as b', 'b.id', 's.booking_id')
        .where('b.status', 'in', ['held', 'confirmed'])
        .select(sql<number>`coalesce(sum(s.seats), 0)`.as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(seats.n), Number(seated.n), 'seats sold are the seats of live bookings');
      const nights = await db
        .selectFrom('room_nights_sold')
        .select(sql<number>`coalesce(sum(sold), 0)`.as('n'))
        .executeTakeFirstOrThrow();
      const roomNights = await db
        .selectFrom('hotel_booking_rooms as r')
        .innerJoin('hotel_bookings as b', 'b.id', 'r.booking_id')
        .where('r.status', 'in', ['held', 'confirmed'])
        .select(['b.check_in', 'b.check_out'])
        .execute();
      const expected = roomNights.reduce(
        (n, r) => n + (Date.parse(r.check_out) - Date.parse(r.check_in)) / 86_400_000,
        0,
      );
      assert.equal(Number(nights.n), expected, 'room nights sold are the nights of live rooms');
      const sums = await db
        .selectFrom('ledger_entries')
        .select(['currency', sql<number>`sum(amount)`.as('total')])
        .groupBy('currency')
        .execute();
      for (const s of sums) assert.equal(Number(s.total), 0, `${s.currency} balances`);
      const paid = await db
        .selectFrom('payments')
        .select(['booking_id', 'amount'])
        .where('status', '=', 'paid')
        .execute();
      assert.deepEqual(
        paid.map((p) => p.booking_id).sort(),
        trips.map((t) => t.id).sort(),
        'one payment a trip',
      );
    } finally {
      await storage.close();
    }
  });
});
