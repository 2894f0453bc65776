import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, settingDefaults } from './config.ts';

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

describe('docs/configuration.md', () => {
  it('lists every setting the service reads, and no other, each with its default', () => {
    const doc = readFileSync(path.join(import.meta.dirname, '../docs/configuration.md'), 'utf8');
    const rows = new Map(
      [...doc.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)].map(([, name, fallback]) => [
        name!,
        fallback!.trim(),
      ]),
    );
    const read = settingDefaults();
    assert.deepEqual([...rows.keys()].sort(), [...read.keys()].sort());
    for (const [name, fallback] of read) {
      const documented = rows.get(name)!;
      // A default worked out from others (`$PORT`, `$DATA_DIR`) is described, not quoted.
      if (documented.includes('$')) continue;
      // A path inside the installation is documented relative to it.
      const shown = fallback?.replace(`${path.resolve(import.meta.dirname, '..')}${path.sep}`, '');
      assert.equal(documented, shown === undefined ? 'unset' : `\`${shown}\``, name);
    }
  });
});
