import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SETTINGS, settingsDoc } from './config/settings.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: this machine only on port 8080, embedded SQLite under ./data, one-hour tokens', () => {
    const config = loadConfig({});
    assert.equal(config.http.host, '127.0.0.1', 'nothing outside reaches a server nobody configured');
    assert.equal(loadConfig({ HOST: '0.0.0.0' }).http.host, '0.0.0.0');
    assert.equal(config.http.port, 8080);
    assert.equal(config.http.publicUrl, 'http://localhost:8080');
    assert.equal(config.storage.dataDir, path.resolve('data'));
    assert.equal(config.storage.databaseUrl, undefined);
    assert.equal(config.auth.accessTokenTtlSeconds, 3600);
    assert.ok(Object.isFrozen(config.auth));
  });

  it('reads PostgreSQL and Redis URLs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/itinera',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    assert.equal(config.storage.databaseUrl, 'postgres://u@db:5432/itinera');
    assert.equal(config.storage.redisUrl, 'redis://127.0.0.1:6379');
  });

  it('takes a PostgreSQL schema name and refuses one that is not a plain SQL name', () => {
    assert.equal(loadConfig({ DATABASE_SCHEMA: 'itinera_eu' }).storage.databaseSchema, 'itinera_eu');
    assert.equal(loadConfig({}).storage.databaseSchema, undefined);
    assert.throws(() => loadConfig({ DATABASE_SCHEMA: 'x; drop table users' }), /DATABASE_SCHEMA/);
  });

  it('names every bad variable in one error', () => {
    assert.throws(
      () =>
        loadConfig({
          PORT: 'eighty',
          DATABASE_URL: 'mysql://x',
          ACCESS_TOKEN_TTL_SECONDS: '5',
          DEMO_ACCOUNTS: 'maybe',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 4);
        for (const name of ['PORT', 'DATABASE_URL', 'ACCESS_TOKEN_TTL_SECONDS', 'DEMO_ACCOUNTS']) {
          assert.match(error.message, new RegExp(name));
        }
        return true;
      },
    );
  });

  it('takes the workers, the index snapshot directory and the metrics token, refusing bad ones', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/itinera' });
    assert.equal(defaults.http.workers, 1);
    assert.equal(defaults.storage.indexSnapshotDir, '/srv/itinera/indexes');
    assert.equal(defaults.http.metricsToken, undefined);
    const set = loadConfig({
      WORKERS: '3',
      INDEX_SNAPSHOT_DIR: 'off',
      METRICS_TOKEN: 'scraper-secret-0123456789',
    });
    assert.deepEqual(
      [set.http.workers, set.storage.indexSnapshotDir, set.http.metricsToken],
      [3, undefined, 'scraper-secret-0123456789'],
    );
    assert.ok(loadConfig({ WORKERS: 'auto' }).http.workers >= 1);
    assert.throws(
      () => loadConfig({ WORKERS: '0', METRICS_TOKEN: 'short' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.length === 2 &&
        /WORKERS/.test(error.message) &&
        /METRICS_TOKEN/.test(error.message),
    );
    assert.throws(() => loadConfig({ WORKERS: 'many' }), /WORKERS/);
  });

  it('takes search threads: one per core unless told, none at 0, refusing anything else', () => {
    assert.equal(loadConfig({}).load.searchThreads, availableParallelism());
    assert.equal(loadConfig({ SEARCH_THREADS: 'auto' }).load.searchThreads, availableParallelism());
    assert.equal(loadConfig({ SEARCH_THREADS: '0' }).load.searchThreads, 0);
    assert.equal(loadConfig({ SEARCH_THREADS: '3' }).load.searchThreads, 3);
    for (const bad of ['-1', '1.5', 'many', '65'])
      assert.throws(() => loadConfig({ SEARCH_THREADS: bad }), /SEARCH_THREADS/, bad);
  });

  it('reads the website folder and the CORS origins, and refuses an origin that is not one', () => {
    const none = loadConfig({});
    assert.deepEqual(none.http.corsOrigins, []);
    assert.match(none.http.webDir ?? '', /packages\/web\/dist$/);
    const set = loadConfig({
      WEB_DIR: 'off',
      CORS_ORIGINS: 'https://shop.example.com, http://localhost:5173',
    });
    assert.equal(set.http.webDir, undefined);
    assert.deepEqual(set.http.corsOrigins, ['https://shop.example.com', 'http://localhost:5173']);
    for (const bad of ['https://shop.example.com/', '*', 'shop.example.com', 'ftp://files.example.com'])
      assert.throws(() => loadConfig({ CORS_ORIGINS: bad }), /CORS_ORIGINS/, bad);
  });
});

describe('the settings schema', () => {
  it('says what each bad value must be, and never repeats a secret', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        return [...error.problems];
      }
    };
    assert.deepEqual(problems({ PORT: 'eighty' }), ['PORT="eighty" must be a whole number from 0 to 65535']);
    assert.deepEqual(problems({ METRICS_TOKEN: 'hunter2' }), [
      'METRICS_TOKEN must be at least 16 characters, or unset',
    ]);
    assert.deepEqual(problems({ DATA_KEYS: 'k1:not-a-key' }).length, 1);
    assert.doesNotMatch(problems({ DATA_KEYS: 'k1:not-a-key' })[0]!, /not-a-key/);
    assert.deepEqual(problems({ MFA_REQUIRED_ROLES: 'admin,pilot' }), [
      'MFA_REQUIRED_ROLES="admin,pilot" must name some of customer, agent, agency_admin, admin: not pilot',
    ]);
    assert.deepEqual(problems({ SELLER_TIME_ZONE: 'Mars/Olympus' }), [
      'SELLER_TIME_ZONE="Mars/Olympus" must be an IANA time zone like Europe/Berlin',
    ]);
    assert.deepEqual(problems({ ACCOUNTING_CODES: 'XY:123,Z:1' }), [
      'ACCOUNTING_CODES="XY:123,Z:1" must be CARRIER:CODE pairs like XY:123, comma-separated: Z:1',
    ]);
    assert.deepEqual(problems({ MAIL_RETRY_SCHEDULE: '60,soon' }), [
      'MAIL_RETRY_SCHEDULE="60,soon" must be whole numbers from 0 to 604800, comma-separated',
    ]);
  });

  it('decodes each kind of value, trims what it reads and takes an empty variable as unset', () => {
    const config = loadConfig({
      PORT: ' 9090 ',
      TRUST_PROXY: 'Yes',
      ACCOUNTING_CODES: 'XY:123, ZZ:456',
      MFA_REQUIRED_ROLES: 'admin, agency_admin',
      MAIL_RETRY_SCHEDULE: '1, 2,3',
      SELLER_VAT_ID: '',
      DEMO_PRESET: 'S',
      NODE_ENV: 'production',
    });
    assert.equal(config.http.port, 9090);
    assert.equal(config.http.publicUrl, 'http://localhost:9090', 'a default worked out from the port');
    assert.equal(config.http.trustProxy, true);
    assert.deepEqual(config.ticketing.accountingCodes, { XY: '123', ZZ: '456' });
    assert.deepEqual(config.auth.mfaRequiredRoles, ['admin', 'agency_admin']);
    assert.deepEqual(config.mail.retryScheduleSeconds, [1, 2, 3]);
    assert.equal(config.seller.vatId, undefined);
    assert.equal(config.demo.preset, 'S');
    assert.equal(config.demo.production, true);
    assert.deepEqual(
      loadConfig({}).webhooks.retryScheduleSeconds,
      [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 72_000],
    );
  });
});

describe('docs/configuration.md', () => {
  it('holds the settings tables the schema makes (npm run docs:config writes them)', () => {
    const doc = readFileSync(path.join(import.meta.dirname, '../docs/configuration.md'), 'utf8');
    const block = /<!-- settings -->\n([\s\S]*)\n<!-- \/settings -->/.exec(doc)?.[1];
    assert.equal(block, settingsDoc());
  });

  it('documents every variable with a meaning, and a default where one is given', () => {
    const rows = settingsDoc()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    assert.equal(rows.length, Object.keys(SETTINGS.properties).length);
    for (const row of rows) assert.match(row, /^\| `[A-Z_]+` \| (unset|`[^`]*`) \| \S.+ \|$/, row);
    assert.ok(rows.some((row) => row.startsWith('| `PORT` | `8080` |')));
    assert.ok(rows.some((row) => row.startsWith('| `INDEX_SNAPSHOT_DIR` | `$DATA_DIR/indexes` |')));
  });
});
