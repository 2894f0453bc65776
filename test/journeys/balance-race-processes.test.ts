import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dropPostgresSchema, openStorage } from '../../src/db/database.ts';
import { testEngine } from '../helpers/engine.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

const ATTEMPTS = 50;
const AFFORDABLE = 9;

/**
 * The balance race across two `itinera serve` processes on one PostgreSQL database: 50 bookings from one
 * agency's balance, split between them, of which exactly the affordable number commit.
 */
describe('agency balance under concurrent bookings in two processes', {
  skip:
    testEngine() !== 'postgres' &&
    'two server processes share a PostgreSQL database; on SQLite the in-process race covers it',
}, () => {
  const schema = `t_${process.env.TEST_RUN_ID ?? 'solo'}_race_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'itinera-race-'));
  const servers: ServerProcess[] = [];

  async function start(): Promise<string> {
    const server = await startServerProcess({
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      DATABASE_SCHEMA: schema,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://itinera.race.test',
      DEMO_ACCOUNTS: 'always',
      DEMO_PRESET: 'S',
      RATE_LIMIT_MAX: '100000',
    });
    servers.push(server);
    return server.base;
  }

  let one = '';
  let two = '';
  before(async () => {
    // The first prepares the database (schema, demo data, accounts); the second joins it.
    one = await start();
    two = await start();
  });
  after(async () => {
    for (const server of servers) await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.TEST_RUN_ID) await dropPostgresSchema(process.env.TEST_DATABASE_URL!, schema);
  });

  it(`books exactly ${AFFORDABLE} of ${ATTEMPTS} split between the processes, the rest 402`, async () => {
    const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
    const signIn = async (who: { username: string; password: string }) => {
      const res = await fetch(`${one}/connect/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', client_id: demo.client_id, ...who }),
      });
      return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
    };
    const admin = await signIn(demo.admin);
    const agent = await signIn(demo.agent);
    const call = async (
      base: string,
      auth: Record<string, string>,
      method: string,
      url: string,
      body?: unknown,
      extra = {},
    ) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}), ...extra },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as any };
    };

    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const search = await call(one, agent, 'POST', '/search_hotels', {
      destination: { city_id: 'cty_2643743' },
      check_in: day(40),
      check_out: day(41),
      rooms: [{ adults: 2 }],
    });
    assert.equal(search.status, 200, JSON.stringify(search.body));
    const hotel = search.body.data[0];
    const option = hotel.options[0];
    const rooms = await call(one, admin, 'POST', '/set_allotment', {
      hotel_id: hotel.hotel.id,
      room_type: option.room_type.code,
      from: day(40),
      to: day(40),
      rooms: ATTEMPTS + 10,
    });
    assert.equal(rooms.status, 200, JSON.stringify(rooms.body));
    const agencyId = (await call(one, agent, 'GET', '/balance')).body.agency_id;
    const price = option.total_amount as number;
    const currency = option.currency as string;
    await call(one, admin, 'POST', '/set_credit_limit', {
      agency_id: agencyId,
      credit_limit: price,
      currency,
    });
    const topUp = await call(one, admin, 'POST', '/top_up_balance', {
      agency_id: agencyId,
      amount: price * (AFFORDABLE - 1),
      currency,
    });
    assert.equal(topUp.status, 200, JSON.stringify(topUp.body));

    const order = {
      rate_key: option.rate_key,
      holder: { given_name: 'Ada', family_name: 'Race', email: 'race@example.com', phone: '+442071234567' },
      rooms: [
        {
          guests: [
            { given_name: 'Ada', family_name: 'Race' },
            { given_name: 'Bob', family_name: 'Race' },
          ],
        },
      ],
      expected_total: { amount: price, currency },
      payment: { type: 'balance' },
    };
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        call(i % 2 === 0 ? one : two, agent, 'POST', '/book_hotel', order, {
          'idempotency-key': `race-${i}`,
        }),
      ),
    );
    const codes = results.map((r) => (r.status === 201 ? 'booked' : r.body.code));
    assert.equal(codes.filter((c) => c === 'booked').length, AFFORDABLE, codes.join(','));
    assert.deepEqual(new Set(codes.filter((c) => c !== 'booked')), new Set(['INSUFFICIENT_FUNDS']));
    const balance = (await call(two, agent, 'GET', '/balance')).body;
    assert.deepEqual([balance.balance, balance.available], [-price, 0]);

    const storage = await openStorage({ databaseUrl: process.env.TEST_DATABASE_URL!, schema, poolSize: 2 });
    try {
      const sums = await storage.db
        .selectFrom('ledger_entries')
        .select((eb) => ['currency', eb.fn.sum<string>('amount').as('total')])
        .groupBy('currency')
        .execute();
      for (const s of sums) assert.equal(Number(s.total), 0, `the ledger balances in ${s.currency}`);
      const booked = await storage.db
        .selectFrom('hotel_bookings')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('agency_id', '=', agencyId)
        .executeTakeFirstOrThrow();
      assert.equal(Number(booked.n), AFFORDABLE, 'a refused booking leaves no booking');
    } finally {
      await storage.close();
    }
  });
});
