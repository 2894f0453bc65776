import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { testEngine } from '../../test/helpers/engine.ts';
import { signIn } from '../../test/helpers/factories.ts';
import { fareRecord, scheduleRecord, searchBody, seedFlights } from '../../test/helpers/flights.ts';
import { limitRooms, seedHotels, stay } from '../../test/helpers/hotels.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { dropPostgresSchema, openStorage, type Storage, type StorageOptions } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createSearchPool, type SearchPool } from './search-pool.ts';

/** Storage a search thread can open too: a SQLite file, or this run's PostgreSQL schema. */
async function sharedStorage(): Promise<{
  storage: Storage;
  options: StorageOptions;
  remove(): Promise<void>;
}> {
  if (testEngine() === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'itinera-threads-'));
    const options = { sqliteFile: path.join(dir, 'itinera.db') };
    const storage = await openStorage(options);
    await migrateToLatest(storage.db);
    return { storage, options, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const options = {
    databaseUrl: process.env.TEST_DATABASE_URL!,
    schema: `t_${process.env.TEST_RUN_ID ?? 'solo'}_threads_${process.pid}`,
  };
  const storage = await openStorage({ ...options, poolSize: 5 });
  await migrateToLatest(storage.db, options.schema);
  // Under the test runner its schemas are dropped at the end of the run; alone, this one is now.
  const remove = async () => {
    if (!process.env.TEST_RUN_ID) await dropPostgresSchema(options.databaseUrl, options.schema);
  };
  return { storage, options, remove };
}

/**
 * Searches worked out in a search thread answer as the serving thread would, refuse as it would, and
 * see every change made through the serving thread at once: the thread follows nothing by itself here
 * (no polling), so only the versions each search carries can bring it up to date.
 */
describe('search threads', () => {
  let shared: Awaited<ReturnType<typeof sharedStorage>>;
  let threads: SearchPool;
  let t: TestApp;
  let here: TestApp;
  let auth: Record<string, string>;
  before(async () => {
    shared = await sharedStorage();
    threads = createSearchPool({
      threads: 1,
      env: {
        PUBLIC_URL: 'http://itinera.test',
        NETWORK_POLL_MS: '0',
        HOTEL_INDEX_POLL_MS: '0',
        RATES_POLL_MS: '0',
        PRICING_POLL_MS: '0',
        INDEX_SNAPSHOT_DIR: 'off',
        LOG_LEVEL: 'warn',
      },
      storage: shared.options,
    });
    t = await buildTestApp({ storage: shared.storage, searchThreads: threads });
    await seedFlights(t);
    await seedHotels(t);
    threads.start();
    assert.equal(await threads.ready(), true, 'a thread is ready');
    // The same storage, searched on the serving thread: what a thread must answer.
    here = await buildTestApp({ storage: shared.storage });
    auth = (await signIn(t)).auth;
  });
  after(async () => {
    await threads.close();
    await here.close();
    await t.close();
    await shared.remove();
  });

  const ask = (app: TestApp, url: string, payload: object, headers = auth) =>
    app.app.inject({ method: 'POST', url, headers, payload });

  it('answers a flight and a hotel search byte for byte as the serving thread does, for a customer and an agent', async () => {
    const before = threads.stats().ran;
    const agent = (await signIn(t, 'agent')).auth;
    for (const who of [auth, agent])
      for (const [url, body] of [
        ['/search_flight', searchBody(t, [['LHR', 'JFK', 12]])],
        ['/search_hotels', stay(t, 20, 3)],
      ] as const) {
        const there = await ask(t, url, body, who);
        const mine = await ask(here, url, body, who);
        assert.equal(there.statusCode, 200, there.body);
        assert.ok(there.json().data.length > 0);
        assert.equal(there.body, mine.body, `${url}: the same bytes`);
        assert.equal(there.headers['content-type'], mine.headers['content-type']);
      }
    assert.equal(threads.stats().ran, before + 4, 'each worked out in the thread');
  });

  it('refuses a search with the problem the serving thread gives', async () => {
    const bad = { ...stay(t, 20, 3), currency: 'XXX' };
    const there = await ask(t, '/search_hotels', bad);
    const mine = await ask(here, '/search_hotels', bad);
    assert.equal(there.statusCode, 400);
    const { request_id: _a, ...problem } = there.json();
    const { request_id: _b, ...expected } = mine.json();
    assert.deepEqual(problem, expected);
    assert.equal(problem.code, 'VALIDATION_FAILED');
  });

  it('sees a hotel renamed, a new flight and rooms sold through the serving thread at once', async () => {
    const first = (await ask(t, '/search_hotels', stay(t, 30, 2))).json().data[0].hotel;
    const file = await seedHotels(t);
    const hotel = file.hotels.find((h) => h.name === first.name)!;
    await t.hotels.importHotels({ ...file, hotels: [{ ...hotel, name: 'Threadneedle House' }] });
    const renamed = await ask(t, '/search_hotels', {
      ...stay(t, 30, 2),
      filters: { name: 'Threadneedle' },
    });
    assert.deepEqual(
      renamed.json().data.map((h: { hotel: { id: string; name: string } }) => h.hotel.name),
      ['Threadneedle House'],
    );

    await limitRooms(t, first.id, hotel.room_types[0]!.code, 30, 2, 1);
    const sold = await ask(t, '/search_hotels', {
      ...stay(t, 30, 2),
      destination: { hotel_ids: [first.id] },
      options: 'all',
    });
    const left = sold.json().data[0].options.map((o: { rooms_left: number }) => o.rooms_left);
    assert.ok(left.includes(1), `rooms left: ${left.join(', ')}`);

    await t.flights.importNetwork({
      schedules: [scheduleRecord(t, 'ZZ', 777, ['LHR', 'DUB'], '09:00', 75)],
      fares: [fareRecord('ZZ', ['LHR', 'DUB'], 'light')],
    });
    const flights = (
      await ask(t, '/search_flight', searchBody(t, [['LHR', 'DUB', 5]], { airlines: { include: ['ZZ'] } }))
    ).json();
    assert.equal(flights.data.length, 1, JSON.stringify(flights).slice(0, 300));
    assert.equal(flights.data[0].slices[0].segments[0].flight_number, 'ZZ777');
  });
});

describe('search threads that cannot start', () => {
  it('leave searches on the serving thread, and say why once', async () => {
    const failures: unknown[] = [];
    // Storage under a file, not a folder: the thread cannot open it.
    const dir = mkdtempSync(path.join(tmpdir(), 'itinera-threads-'));
    writeFileSync(path.join(dir, 'a-file'), '');
    const threads = createSearchPool({
      threads: 1,
      env: { LOG_LEVEL: 'silent' },
      storage: { sqliteFile: path.join(dir, 'a-file', 'itinera.db') },
      onFailure: (error) => failures.push(error),
    });
    threads.start();
    assert.equal(await threads.ready(), false);
    assert.equal(failures.length, 1);
    assert.equal(threads.run('hotels', {}, {}, new Date()), undefined, 'the caller searches itself');
    await threads.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
