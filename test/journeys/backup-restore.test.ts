import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { dropPostgresSchema, openStorage } from '../../src/db/database.ts';
import { testEngine } from '../helpers/engine.ts';
import { bookingBody, numberedAdult } from '../helpers/flights.ts';
import { demoToken, type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

/**
 * A server sells bookings, ten at a time, and `itinera backup` copies its database part way through; the
 * copy is restored elsewhere with `itinera restore`. It holds every booking acknowledged before the
 * backup began, each whole (its invoice with it), and books whose every transaction balances: a
 * snapshot of one moment, not pages copied while bookings went on. On SQLite and PostgreSQL.
 */
const BOOKINGS = 60;
const AT_ONCE = 10;
const BACKUP_AFTER_ACKS = 20;

const root = path.resolve(import.meta.dirname, '../..');
const postgres = testEngine() === 'postgres';

/** Runs an `itinera` command with the environment given; its exit code and output. */
function itinera(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'bin/itinera.js'), ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe(`backing up while booking, and restoring elsewhere (${testEngine()})`, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'itinera-backup-'));
  const dataDir = path.join(work, 'data');
  const schema = `t_${process.env.TEST_RUN_ID ?? 'solo'}_backup_${randomBytes(4).toString('hex')}`;
  const restoreDatabase = `itinera_restore_${randomBytes(4).toString('hex')}`;
  const databaseEnv: Record<string, string> = postgres
    ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema }
    : { DATABASE_URL: '' };
  let server: ServerProcess;
  let token = '';

  before(async () => {
    server = await startServerProcess({
      ...databaseEnv,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://itinera.backup.test',
      DEMO_ACCOUNTS: 'always',
      DEMO_PRESET: 'S',
      SEARCH_THREADS: '0',
      RATE_LIMIT_MAX: '100000',
    });
    token = await demoToken(server.base, dataDir);
  });

  after(async () => {
    await server?.kill();
    rmSync(work, { recursive: true, force: true });
    if (postgres) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${restoreDatabase}`);
      await client.end();
      if (!process.env.TEST_RUN_ID) await dropPostgresSchema(process.env.TEST_DATABASE_URL!, schema);
    }
  });

  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('restores every booking acknowledged before the backup, each whole, and books that balance', async (ctx) => {
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const search = await post('/search_flight', {
      slices: [{ origin: 'LHR', destination: 'JFK', departure_date: day }],
      passengers: { adults: 1 },
      max_connections: 1,
      limit: 20,
    });
    assert.equal(search.status, 200);
    const offers = search.body.data as Array<{ id: string; total_amount: number; total_currency: string }>;
    assert.ok(offers.length >= 4, `${offers.length} offers`);

    const before: string[] = [];
    const all: string[] = [];
    let backup: Promise<{ code: number | null; out: string }> | undefined;
    const file = path.join(work, postgres ? 'itinera.dump' : 'itinera-backup.db');
    let next = 0;
    const worker = async () => {
      while (next < BOOKINGS) {
        const i = next++;
        const offer = offers[i % offers.length]!;
        const key = `backup-${i}-${randomBytes(4).toString('hex')}`;
        let res = await post('/book_flight', bookingBody(offer, [numberedAdult(i, 'Backup', 'B')]), {
          'idempotency-key': key,
        });
        // A busy machine's server sheds load for a moment: sent again after its pause, as a client does.
        for (let attempt = 0; attempt < 10 && res.status === 503; attempt++) {
          await sleep(Number(res.body.retry_after_seconds ?? 1) * 1000);
          res = await post('/book_flight', bookingBody(offer, [numberedAdult(i, 'Backup', 'B')]), {
            'idempotency-key': key,
          });
        }
        assert.equal(res.status, 201, JSON.stringify(res.body));
        all.push(res.body.id);
        if (!backup) before.push(res.body.id);
        // The backup starts once 20 are acknowledged, and runs while the rest are sold.
        if (all.length === BACKUP_AFTER_ACKS)
          backup = itinera(['backup', '--out', file], { ...databaseEnv, DATA_DIR: dataDir });
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    const taken = await backup!;
    assert.equal(taken.code, 0, taken.out);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'the backup is readable by its owner only');
    ctx.diagnostic(taken.out.trim());

    // Elsewhere: a new data folder, or a new database on the same server.
    const elsewhereUrl = (() => {
      if (!postgres) return '';
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${restoreDatabase}`;
      return url.toString();
    })();
    if (postgres) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`create database ${restoreDatabase}`);
      await client.end();
    }
    const elsewhere: Record<string, string> = postgres
      ? { DATABASE_URL: elsewhereUrl, DATABASE_SCHEMA: schema, DATA_DIR: path.join(work, 'elsewhere') }
      : { DATABASE_URL: '', DATA_DIR: path.join(work, 'elsewhere') };
    const restored = await itinera(['restore', file], elsewhere);
    assert.equal(restored.code, 0, restored.out);
    const again = await itinera(['restore', file], elsewhere);
    assert.equal(again.code, 1, 'a database that holds anything is not restored over without --force');
    assert.match(again.out, /--force/);

    const storage = await openStorage(
      postgres
        ? { databaseUrl: elsewhereUrl, schema, poolSize: 2 }
        : { sqliteFile: path.join(work, 'elsewhere', 'itinera.db') },
    );
    try {
      const bookings = await storage.db.selectFrom('flight_bookings').select(['id', 'status']).execute();
      const ids = new Set(bookings.map((b) => b.id));
      for (const id of before) assert.ok(ids.has(id), `${id}, acknowledged before the backup, is restored`);
      for (const id of ids) assert.ok(all.includes(id), `${id} was booked`);
      ctx.diagnostic(
        `${before.length} acknowledged before the backup, ${ids.size} restored of ${all.length}`,
      );
      const invoices = await storage.db
        .selectFrom('invoices')
        .select('booking_id')
        .where('kind', '=', 'invoice')
        .execute();
      assert.deepEqual(
        invoices.map((i) => i.booking_id).sort(),
        [...ids].sort(),
        'each restored booking with its invoice, and no invoice without its booking',
      );
      const entries = await storage.db
        .selectFrom('ledger_entries')
        .select(['transaction_id', 'currency', 'amount'])
        .execute();
      assert.ok(entries.length > 0, 'the ledger was restored');
      const sums = new Map<string, number>();
      for (const e of entries) {
        const key = `${e.transaction_id} ${e.currency}`;
        sums.set(key, (sums.get(key) ?? 0) + Number(e.amount));
      }
      assert.deepEqual(
        [...sums].filter(([, sum]) => sum !== 0),
        [],
        'every transaction balances in each currency',
      );
    } finally {
      await storage.close();
    }
  });
});
