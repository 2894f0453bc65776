import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { dropPostgresSchema, openStorage } from '../../src/db/database.ts';
import {
  createAccountsService,
  createClientsRepository,
  createDemoAccounts,
  createUsersRepository,
} from '../../src/modules/auth/index.ts';
import { systemClock } from '../../src/ports/clock.ts';
import { randomIds } from '../../src/ports/ids.ts';
import { createArgon2Hasher } from '../../src/ports/password-hasher.ts';
import { openTestStorage, testEngine } from '../helpers/engine.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/itinera.js');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'itinera-cli-'));
/** On PostgreSQL the commands work in a schema of this run's own (dropped by the runner afterwards). */
const postgres =
  testEngine() === 'postgres'
    ? {
        url: process.env.TEST_DATABASE_URL!,
        schema: `t_${process.env.TEST_RUN_ID ?? 'solo'}_cli_${randomBytes(4).toString('hex')}`,
      }
    : undefined;

function itinera(args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: postgres?.url,
    DATABASE_SCHEMA: postgres?.schema,
    ...options.env,
  };
  if (!postgres) delete env.DATABASE_URL;
  if (!postgres) delete env.DATABASE_SCHEMA;
  return spawnSync(process.execPath, [bin, ...args], { env, input: options.input ?? '', encoding: 'utf8' });
}

describe('the itinera command line', () => {
  after(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (postgres && !process.env.TEST_RUN_ID) await dropPostgresSchema(postgres.url, postgres.schema);
  });

  it('migrates the embedded database, then reports it up to date', () => {
    const first = itinera(['migrate']);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /applied 0001-accounts/);
    assert.match(itinera(['migrate']).stdout, /already up to date/);
  });

  it('creates clients and users, refusing duplicates and weak passwords', async () => {
    const client = itinera(['clients', 'create', '--client-id', 'shop-web', '--confidential']);
    assert.equal(client.status, 0, client.stderr);
    assert.match(client.stdout, /client_secret: cs_/);
    const user = itinera(
      [
        'users',
        'create',
        '--username',
        'alice',
        '--role',
        'agent',
        '--agency',
        'Alpha Tours',
        '--password-stdin',
      ],
      {
        input: 'a-long-enough-password\n',
      },
    );
    assert.equal(user.status, 0, user.stderr);
    assert.match(user.stdout, /created agent alice \(usr_/);
    const again = itinera(['users', 'create', '--username', 'alice', '--password-stdin'], {
      input: 'a-long-enough-password',
    });
    assert.equal(again.status, 1);
    assert.match(again.stderr, /exists/);
    const weak = itinera(['users', 'create', '--username', 'bob', '--password-stdin'], { input: 'short' });
    assert.equal(weak.status, 1);
    assert.match(weak.stderr, /at least 12 characters/);
    const storage = postgres
      ? await openStorage({ databaseUrl: postgres.url, schema: postgres.schema, poolSize: 1 })
      : await openStorage({ sqliteFile: path.join(dataDir, 'itinera.db') });
    try {
      const users = await storage.db.selectFrom('users').select('username').execute();
      assert.deepEqual(
        users.map((u) => u.username),
        ['alice'],
        `the commands wrote to the ${testEngine()} database`,
      );
    } finally {
      await storage.close();
    }
  });

  it('generates and imports demo flights and hotels, and lists every problem of a bad file', () => {
    const flights = itinera(['flights', 'generate', '--preset', 'S', '--import']);
    assert.equal(flights.status, 0, flights.stderr);
    assert.match(flights.stdout, /imported \d+ schedules and \d+ fares/);
    const hotels = itinera(['hotels', 'generate', '--preset', 'S', '--import']);
    assert.equal(hotels.status, 0, hotels.stderr);
    assert.match(hotels.stdout, /imported 24 hotels, 72 room types/);
    const bad = path.join(dataDir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ schedules: [{ carrier: '!!', flight_number: 0 }], fares: [] }));
    const refused = itinera(['flights', 'import', bad]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /\/schedules\/0\/carrier/);
    assert.match(refused.stderr, /\/schedules\/0\/flight_number/);
    const ssim = itinera(['flights', 'import', path.resolve(import.meta.dirname, '../fixtures/sample.ssim')]);
    assert.equal(ssim.status, 0, ssim.stderr);
    assert.match(ssim.stdout, /imported 4 schedules and 0 fares; 1 cargo legs skipped/);
    const csv = path.join(dataDir, 'fares.csv');
    writeFileSync(
      csv,
      'carrier,origin,destination,cabin,brand,currency,adult,child,infant,tax,infant_tax,checked_bags,cabin_bags,change_penalty,refund_penalty\nBA,LHR,JFK,economy,saver,GBP,199.00,150.00,20.00,85.00,21.00,0,1,,\nBA,LHR,JFK,economy,bad,GBP,1.999,1,1,1,1,0,1,,\n',
    );
    const refusedCsv = itinera(['flights', 'import', csv]);
    assert.equal(refusedCsv.status, 1);
    assert.match(refusedCsv.stderr, /line 3: adult "1.999" is not an amount in GBP/);
  });

  it('writes the reference exchange rates as a file, imports an edited day, and refuses a bad one', () => {
    const file = path.join(dataDir, 'rates.json');
    const written = itinera(['rates', 'generate', '--out', file]);
    assert.equal(written.status, 0, written.stderr);
    const rates = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(rates.base, 'EUR');
    assert.ok(rates.rates.USD > 0 && rates.rates.JPY > 0);
    writeFileSync(
      file,
      JSON.stringify({ ...rates, as_of: '2026-01-05', rates: { ...rates.rates, USD: '1.0345' } }),
    );
    const imported = itinera(['rates', 'import', file]);
    assert.equal(imported.status, 0, imported.stderr);
    assert.match(
      imported.stdout,
      /imported \d+ exchange rates for 2026-01-05; in force: imported rates of 2026-01-05/,
    );
    writeFileSync(file, JSON.stringify({ as_of: '2026-01-06', rates: { USD: 'one', XXZ: 1 } }));
    const refused = itinera(['rates', 'import', file]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /\/rates\/USD/);
    assert.match(refused.stderr, /\/rates\/XXZ/);
  });

  it('writes example pricing rules, imports them (again by name), and refuses a bad file listing every problem', () => {
    const file = path.join(dataDir, 'pricing.json');
    const written = itinera(['pricing', 'generate', '--out', file]);
    assert.equal(written.status, 0, written.stderr);
    const example = JSON.parse(readFileSync(file, 'utf8'));
    assert.ok(example.rules.length >= 2);
    const first = itinera(['pricing', 'import', file]);
    assert.equal(first.status, 0, first.stderr);
    assert.match(
      first.stdout,
      new RegExp(
        `imported ${example.rules.length} pricing rules \\(${example.rules.length} new, 0 replaced by name\\)`,
      ),
    );
    const again = itinera(['pricing', 'import', file]);
    assert.match(again.stdout, new RegExp(`\\(0 new, ${example.rules.length} replaced by name\\)`));
    writeFileSync(
      file,
      JSON.stringify({
        rules: [
          { name: 'a', markup_percent: 'ten' },
          { name: 'b', scope: { hotel_id: 'htl_1' }, commission_percent: 101 },
        ],
      }),
    );
    const refused = itinera(['pricing', 'import', file]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /\/rules\/0\/markup_percent/);
    assert.match(refused.stderr, /\/rules\/1\/commission_percent/);
  });

  it('names each bad environment variable and exits non-zero', () => {
    const result = itinera(['migrate'], { env: { PORT: 'x', REDIS_URL: 'http://nope' } });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /PORT="x"/);
    assert.match(result.stderr, /REDIS_URL/);
  });

  it('answers an unknown command with the usage and exit code 64', () => {
    const result = itinera(['fly']);
    assert.equal(result.status, 64);
    assert.match(result.stderr, /Usage: itinera/);
  });

  it('refuses to serve in production while a demo account can sign in, and serves once it cannot', async () => {
    const made = itinera(
      ['users', 'create', '--username', 'demo-admin', '--role', 'admin', '--password-stdin'],
      {
        input: 'a-long-enough-password',
      },
    );
    assert.equal(made.status, 0, made.stderr);
    const production = { NODE_ENV: 'production', PORT: '0', SEARCH_THREADS: '0', WEB_DIR: 'off' };
    const refused = itinera(['serve'], { env: production });
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /demo accounts that can sign in \(demo-admin\)/);
    assert.match(refused.stderr, /DEMO_ACCOUNTS=always/);

    assert.equal(itinera(['users', 'disable', '--username', 'demo-admin']).status, 0);
    // Now it starts: seen listening, then stopped.
    const server = spawn(process.execPath, [bin, 'serve'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...(postgres
          ? { DATABASE_URL: postgres.url, DATABASE_SCHEMA: postgres.schema }
          : { DATABASE_URL: '' }),
        ...production,
      },
    });
    const started = await new Promise<string>((resolve) => {
      let out = '';
      server.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('Itinera is serving on')) resolve(out);
      });
      server.stderr.on('data', (c: Buffer) => {
        out += c.toString();
      });
      server.once('exit', () => resolve(out));
    });
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    assert.match(started, /Itinera is serving on/);
  });
});

describe('demo accounts on the first start', () => {
  it('creates a client and one account per role once, writing the credentials file with mode 0600', async () => {
    const storage = await openTestStorage();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'itinera-demo-'));
    try {
      const accounts = createAccountsService({
        users: createUsersRepository(storage.db),
        clients: createClientsRepository(storage.db),
        hasher: createArgon2Hasher({ concurrency: 2, queueLimit: 10 }),
        clock: systemClock,
        ids: randomIds,
      });
      const demo = await createDemoAccounts(accounts, dir);
      assert.ok(demo);
      const file = path.join(dir, 'demo-credentials.json');
      assert.ok(existsSync(file));
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), demo);
      assert.equal(await accounts.countUsers(), 3);
      assert.equal(await createDemoAccounts(accounts, dir), undefined);
    } finally {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
