/**
 * A search thread (piscina worker): the app as the serving thread wires it, on the same storage, with
 * no background work that writes (deliveries, sweeps, purges), answering the searches the serving
 * thread hands it. It follows changes made elsewhere as any process does (polling, and on PostgreSQL
 * notifications), and before each search brings its indexes up to the versions the serving thread
 * holds, so a change made through this process is never missing from the next search.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { workerData } from 'node:worker_threads';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openStorage, type StorageOptions } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { buildLazySerializer } from '../http/lazy-compilers.ts';
import { cachedCatalogue, readCatalogueSnapshot } from '../modules/catalog/index.ts';
import { SearchFlightResponseSchema } from '../modules/flights/index.ts';
import { SearchHotelsResponseSchema } from '../modules/hotels/index.ts';
import type { Clock } from '../ports/clock.ts';
import { randomIds } from '../ports/ids.ts';
import type { PasswordHasher } from '../ports/password-hasher.ts';
import type { IndexVersions, SearchKind } from '../ports/search-threads.ts';

/** What the serving thread starts a search thread with. */
export interface ThreadData {
  /** The settings of the serving process (`loadConfig`'s input). */
  env: Record<string, string | undefined>;
  storage: StorageOptions;
  /** A catalogue saved by the serving thread, read in a tenth of the time of building it. */
  catalogueSnapshot?: string | undefined;
}

/** One search handed to a thread. */
export interface SearchTask {
  kind: SearchKind;
  request: unknown;
  buyer: unknown;
  /** The serving thread's now, in milliseconds: every rule of the search reads it. */
  now: number;
  versions: IndexVersions;
  /** Asks only whether a thread is ready (the pool's first task). */
  ping?: true;
}

/** What a thread answers: the search's answer, or the problem it refused it with. */
export type SearchOutcome =
  | { json: string }
  | {
      problem: {
        code: AppError['code'];
        detail: string;
        extras: Record<string, unknown>;
        headers: Record<string, string>;
      };
    };

/** Search threads check no password: a call here is a wiring mistake. */
const noPasswords: PasswordHasher = {
  hash: () => Promise.reject(new Error('a search thread hashes no password')),
  verify: () => Promise.reject(new Error('a search thread checks no password')),
  burn: () => Promise.reject(new Error('a search thread checks no password')),
};

async function start() {
  const data = workerData as ThreadData;
  const config = loadConfig({
    ...data.env,
    WEB_DIR: 'off',
    // Nothing that writes runs here: the serving thread (and its process's peers) do it.
    HOLD_SWEEP_MS: '0',
    PURGE_INTERVAL_MS: '0',
    WEBHOOK_POLL_MS: '0',
    MAIL_POLL_MS: '0',
    PAYMENTS_POLL_MS: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    SEARCH_THREADS: '0',
  });
  // Reads only: a write from here would contend with the serving thread's (SQLite has one writer).
  const storage = await openStorage({ ...data.storage, readOnly: true });
  const catalogue = data.catalogueSnapshot
    ? readCatalogueSnapshot(data.catalogueSnapshot)
    : cachedCatalogue();
  const asked = new AsyncLocalStorage<number>();
  const clock: Clock = { now: () => new Date(asked.getStore() ?? Date.now()) };
  const built = await buildApp({
    config,
    storage,
    catalogue,
    clock,
    ids: randomIds,
    hasher: noPasswords,
    logger: { level: config.logLevel, base: { thread: 'search' } },
  });
  await built.app.ready();
  await Promise.all([built.flights.refreshNetwork(), built.hotels.refreshIndex()]);
  await built.flights.faresRead();

  // Each answer serialised here, with its operation's response schema, as the serving thread would.
  const serializerOf = buildLazySerializer(built.app.getSchemas(), undefined);
  const serializers = {
    flights: serializerOf({
      schema: SearchFlightResponseSchema,
      method: 'POST',
      url: '/search_flight',
      httpStatus: '200',
    }),
    hotels: serializerOf({
      schema: SearchHotelsResponseSchema,
      method: 'POST',
      url: '/search_hotels',
      httpStatus: '200',
    }),
  };

  /** Each index this thread holds brought up to at least the serving thread's version of it. */
  async function catchUp(v: IndexVersions): Promise<void> {
    await Promise.all([
      (built.flights.indexStats().version ?? -1) < v.network ? built.flights.refreshNetwork() : undefined,
      (built.hotels.indexStats().version ?? -1) < v.hotels ? built.hotels.refreshIndex() : undefined,
      built.pricing.version() < v.pricing ? built.pricing.refresh() : undefined,
      built.rates.source.version() < v.rates ? built.rates.source.refresh() : undefined,
    ]);
  }

  return async function search(task: SearchTask): Promise<SearchOutcome> {
    if (task.ping) return { json: 'null' };
    await catchUp(task.versions);
    try {
      const answer = await asked.run(task.now, () =>
        task.kind === 'flights'
          ? built.flights.search.searchFlights(task.request as never, task.buyer as never)
          : built.hotels.search.searchHotels(task.request as never, task.buyer as never),
      );
      return { json: serializers[task.kind](answer) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        problem: {
          code: error.code,
          detail: error.message,
          extras: { ...error.extras },
          headers: { ...error.headers },
        },
      };
    }
  };
}

/**
 * Piscina marks the thread ready once this resolves: the app built and its indexes loaded. A thread that
 * cannot start answers every task with why, so the pool hears of it (and stops) rather than starting
 * thread after thread.
 */
export default start().catch((error: unknown) => async (): Promise<SearchOutcome> => {
  throw error;
});
