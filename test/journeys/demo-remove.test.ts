import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { dropPostgresSchema, openStorage, type Storage } from '../../src/db/database.ts';
import { testEngine } from '../helpers/engine.ts';
import { bookingBody } from '../helpers/flights.ts';
import { hotelBookingBody } from '../helpers/hotels.ts';
import { demoToken, startServerProcess } from '../helpers/server-process.ts';

/**
 * A seller tries the demo, then takes it out before going live with `itinera demo remove`: it says what it
 * would remove and removes it only with --yes; the demo accounts, every booking with its money, tickets,
 * invoices, events and mails, and the seats and rooms they held are gone, the seller's own accounts stay,
 * no server brings the demo back, and the first real sale is invoice number 1. Once a real account has
 * booked, it refuses and removes nothing. Over the real command and servers, on SQLite and PostgreSQL.
 */
const root = path.resolve(import.meta.dirname, '../..');
const postgres = testEngine() === 'postgres';

describe(`itinera demo remove (${testEngine()})`, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'itinera-demo-remove-'));
  const dataDir = path.join(work, 'data');
  const schema = `t_${process.env.TEST_RUN_ID ?? 'solo'}_demo_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO_PRESET: 'S',
    DEMO_ACCOUNTS: 'always',
    SEARCH_THREADS: '0',
    WEB_DIR: 'off',
    PUBLIC_URL: 'http://itinera.demo-remove.test',
    LOG_LEVEL: 'silent',
    ...(postgres
      ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema }
      : { DATABASE_URL: '' }),
  };
  const itinera = (args: string[], input?: string) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [path.join(root, 'src/cli/main.ts'), ...args],
        { env: { ...process.env, ...env }, cwd: root },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
      );
      if (input !== undefined) child.stdin!.end(input);
    });
  const openDatabase = (): Promise<Storage> =>
    openStorage(
      postgres
        ? { databaseUrl: process.env.TEST_DATABASE_URL!, schema, poolSize: 2 }
        : { sqliteFile: path.join(dataDir, 'itinera.db') },
    );
  const rows = async (storage: Storage, table: string) =>
    Number(
      (
        await (storage.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const call = async (base: string, token: string, url: string, body: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': `demo-remove-${randomBytes(6).toString('hex')}`,
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    assert.ok(res.ok, `${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const bookStay = async (base: string, token: string, days: number) => {
    const found = await call(base, token, '/search_hotels', {
      destination: { city_id: 'cty_2643743' },
      check_in: day(days),
      check_out: day(days + 2),
      rooms: [{ adults: 2 }],
    });
    const option = found.data[0].options[0];
    return call(
      base,
      token,
      '/book_hotel',
      hotelBookingBody({ rate_key: option.rate_key }, [{ adults: 2 }], {
        amount: option.total_amount,
        currency: option.currency,
      }),
    );
  };
  const realToken = async (base: string) => {
    const res = await fetch(`${base}/connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'my-shop',
        username: 'real-customer',
        password: 'a real customer’s password',
      }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as { access_token: string }).access_token;
  };

  before(async () => {
    const server = await startServerProcess(env);
    try {
      const agent = await demoToken(server.base, dataDir, 'agent');
      const found = await call(server.base, agent, '/search_flight', {
        slices: [{ origin: 'LHR', destination: 'CDG', departure_date: day(20) }],
        passengers: { adults: 1 },
        limit: 1,
      });
      await call(server.base, agent, '/book_flight', bookingBody(found.data[0]));
      await bookStay(server.base, await demoToken(server.base, dataDir, 'customer'), 30);
      // The mail outbox writes the bookings' mails as files (no SMTP_URL) on its next turn.
      const outbox = path.join(dataDir, 'outbox');
      for (let i = 0; i < 300 && (!existsSync(outbox) || readdirSync(outbox).length < 2); i++)
        await sleep(100);
    } finally {
      await server.kill();
    }
    // The seller's own accounts, made before the demo goes.
    for (const args of [
      ['users', 'create', '--username', 'owner', '--role', 'admin', '--password-stdin'],
      ['users', 'create', '--username', 'real-customer', '--role', 'customer', '--password-stdin'],
    ]) {
      const made = await itinera(
        args,
        args[3] === 'owner' ? 'the owner’s password' : 'a real customer’s password',
      );
      assert.equal(made.code, 0, made.out);
    }
    const client = await itinera(['clients', 'create', '--client-id', 'my-shop']);
    assert.equal(client.code, 0, client.out);
  });
  after(async () => {
    rmSync(work, { recursive: true, force: true });
    if (postgres && !process.env.TEST_RUN_ID)
      await dropPostgresSchema(process.env.TEST_DATABASE_URL!, schema);
  });

  it('says what it would remove, and removes nothing without --yes', async () => {
    const said = await itinera(['demo', 'remove', '--keep-inventory']);
    assert.equal(said.code, 0, said.out);
    assert.match(said.out, /demo accounts: demo-admin, demo-agent, demo-customer/);
    assert.match(said.out, /bookings: 1 flight, 1 hotel/);
    assert.match(said.out, /Nothing was removed/);
    const unknown = await itinera(['demo', 'frobnicate']);
    assert.equal(unknown.code, 64, 'an unknown demo command is a usage error');
    assert.match(unknown.out, /unknown demo command frobnicate/);
    const storage = await openDatabase();
    try {
      assert.equal(await rows(storage, 'users'), 5);
      assert.equal(await rows(storage, 'flight_bookings'), 1);
    } finally {
      await storage.close();
    }
  });

  it('removes the demo with --yes and keeps the seller’s accounts and, when asked, the inventory', async () => {
    const mailsBefore = readdirSync(path.join(dataDir, 'outbox')).length;
    assert.ok(mailsBefore >= 2, 'the demo bookings’ mails as files');
    const removed = await itinera(['demo', 'remove', '--keep-inventory', '--yes']);
    assert.equal(removed.code, 0, removed.out);
    assert.ok(!existsSync(path.join(dataDir, 'demo-credentials.json')), 'the credentials file is gone');
    assert.deepEqual(readdirSync(path.join(dataDir, 'outbox')), [], 'the demo bookings’ mails are gone');
    const storage = await openDatabase();
    try {
      const users = await storage.db.selectFrom('users').select('username').orderBy('username').execute();
      assert.deepEqual(
        users.map((u) => u.username),
        ['owner', 'real-customer'],
      );
      for (const table of [
        'flight_bookings',
        'hotel_bookings',
        'payments',
        'ledger_transactions',
        'ledger_entries',
        'flight_tickets',
        'invoices',
        'seat_inventory',
        'room_nights_sold',
        'email_messages',
        'card_tokens',
      ])
        assert.equal(await rows(storage, table), 0, `${table} is empty`);
      const agencies = await storage.db.selectFrom('agencies').select('name').execute();
      assert.deepEqual(agencies, [], 'Demo Travel is gone');
      const clients = await storage.db.selectFrom('oauth_clients').select('client_id').execute();
      assert.ok(!clients.some((c) => c.client_id === 'itinera-demo'), 'the demo client is gone');
      assert.ok(clients.some((c) => c.client_id === 'my-shop'));
      assert.ok((await rows(storage, 'flight_schedules')) > 0, 'the network is kept');
      assert.ok((await rows(storage, 'hotels')) > 0, 'the hotels are kept');
    } finally {
      await storage.close();
    }
  });

  it('is not put back by a server, and the first real sale is invoice number 1', async () => {
    const server = await startServerProcess(env);
    try {
      const booked = await bookStay(server.base, await realToken(server.base), 40);
      assert.equal(booked.status, 'confirmed');
      const token = await realToken(server.base);
      const listed = await fetch(`${server.base}/booking_documents?booking_id=${booked.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const invoice = ((await listed.json()) as { data: Array<{ type: string; id: string }> }).data.find(
        (d) => d.type === 'invoice',
      );
      assert.match(invoice?.id ?? '', /^INV-\d{4}-000001$/);
    } finally {
      await server.kill();
    }
    assert.ok(!existsSync(path.join(dataDir, 'demo-credentials.json')), 'no demo accounts made again');
    const storage = await openDatabase();
    try {
      assert.equal(await rows(storage, 'users'), 2);
    } finally {
      await storage.close();
    }
  });

  it('refuses once a real account has booked, and removes nothing', async () => {
    const refused = await itinera(['demo', 'remove', '--yes']);
    assert.equal(refused.code, 1, refused.out);
    assert.match(refused.out, /1 booking\(s\) were made by accounts other than the demo's/);
    const storage = await openDatabase();
    try {
      assert.equal(await rows(storage, 'hotel_bookings'), 1);
      assert.ok((await rows(storage, 'hotels')) > 0);
    } finally {
      await storage.close();
    }
  });
});
