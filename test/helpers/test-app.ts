import type { Redis } from 'ioredis';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Storage } from '../../src/db/database.ts';
import type { SearchGate } from '../../src/http/search-gate.ts';
import { type Catalogue, cachedCatalogue } from '../../src/modules/catalog/index.ts';
import { FakeClock } from '../../src/ports/clock.ts';
import { randomIds } from '../../src/ports/ids.ts';
import { createArgon2Hasher, type PasswordHasher } from '../../src/ports/password-hasher.ts';
import type { SearchPool } from '../../src/search-threads/search-pool.ts';
import { openTestStorage } from './engine.ts';

let catalogue: Catalogue | undefined;
/** The real catalogue, loaded once per test process. */
export function testCatalogue(): Catalogue {
  // Built once on the machine (the test runner builds it before any test starts) and read from the cache.
  catalogue ??= cachedCatalogue();
  return catalogue;
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  accounts: Awaited<ReturnType<typeof buildApp>>['accounts'];
  flights: Awaited<ReturnType<typeof buildApp>>['flights'];
  hotels: Awaited<ReturnType<typeof buildApp>>['hotels'];
  scheduler: Awaited<ReturnType<typeof buildApp>>['scheduler'];
  webhooks: Awaited<ReturnType<typeof buildApp>>['webhooks'];
  mail: Awaited<ReturnType<typeof buildApp>>['mail'];
  payments: Awaited<ReturnType<typeof buildApp>>['payments'];
  ledger: Awaited<ReturnType<typeof buildApp>>['ledger'];
  rates: Awaited<ReturnType<typeof buildApp>>['rates'];
  clock: FakeClock;
  storage: Storage;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  storage?: Storage;
  redis?: Redis;
  /** Where the fake clock starts (a fixed date unless given; real time for what real peers check). */
  clockStart?: Date;
  /** A stand-in password hasher (for example one that holds checks until told), instead of argon2id. */
  hasher?: PasswordHasher;
  /** Where the app's log lines go (every level), for tests of what is logged. */
  logTo?: { write(line: string): void };
  /** Wraps the app's search gate (to hold a search in it). */
  wrapSearchGate?: (gate: SearchGate) => SearchGate;
  /** Search threads the app hands its searches to (none: it searches itself). */
  searchThreads?: SearchPool;
}

/** A whole app on a fresh database, with a fake clock; `env` overrides settings. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    PUBLIC_URL: 'http://itinera.test',
    NETWORK_POLL_MS: '0',
    HOLD_SWEEP_MS: '0',
    HOTEL_INDEX_POLL_MS: '0',
    RATES_POLL_MS: '0',
    PRICING_POLL_MS: '0',
    PURGE_INTERVAL_MS: '0',
    INDEX_SNAPSHOT_DIR: 'off',
    WEB_DIR: 'off',
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_ANONYMOUS_MAX: '100000',
    TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
    // A test process blocks its event loop while it seeds; load shedding is tested on its own.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Deliveries are sent when a test says so; receivers run on loopback.
    WEBHOOK_POLL_MS: '0',
    MAIL_POLL_MS: '0',
    PAYMENTS_POLL_MS: '0',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    ...options.env,
  });
  const storage = options.storage ?? (await openTestStorage());
  const clock = new FakeClock(options.clockStart);
  const hasher =
    options.hasher ??
    createArgon2Hasher({
      concurrency: config.auth.hashConcurrency,
      queueLimit: config.auth.hashQueueLimit,
    });
  const { app, accounts, flights, hotels, scheduler, webhooks, mail, payments, ledger, rates } =
    await buildApp({
      config,
      storage,
      clock,
      hasher,
      ids: randomIds,
      catalogue: testCatalogue(),
      redis: options.redis,
      ...(options.wrapSearchGate ? { wrapSearchGate: options.wrapSearchGate } : {}),
      searchThreads: options.searchThreads,
      logger: options.logTo
        ? { level: 'trace', stream: options.logTo }
        : process.env.TEST_LOG
          ? { level: 'error' }
          : false,
    });
  await app.ready();
  return {
    app,
    accounts,
    flights,
    hotels,
    scheduler,
    webhooks,
    mail,
    payments,
    ledger,
    rates,
    clock,
    storage,
    config,
    async close() {
      await app.close();
      if (!options.storage) await storage.close();
    },
  };
}
