import path from 'node:path';
import { readSettings, type Settings } from './config/settings.ts';
import type { DataKey } from './shared/sealed-data.ts';

/** Where the service keeps its data and how it is reached. Built once from the environment, then frozen. */
export interface Config {
  readonly http: {
    readonly host: string;
    readonly port: number;
    /** Processes serving the API on the port (`WORKERS`): one, or several sharing it and the database. */
    readonly workers: number;
    readonly publicUrl: string;
    readonly bodyLimitBytes: number;
    readonly trustProxy: boolean;
    /** The bearer token a Prometheus scraper sends to GET /metrics; unset, only this machine may read it. */
    readonly metricsToken: string | undefined;
    /** Other sites' origins whose pages may call the API (CORS); none by default. */
    readonly corsOrigins: readonly string[];
    /** The built website served at `/`; undefined: none. */
    readonly webDir: string | undefined;
  };
  readonly storage: {
    readonly dataDir: string;
    /** Where search indexes are saved to start faster; undefined: nowhere. */
    readonly indexSnapshotDir: string | undefined;
    /** `undefined` selects the embedded SQLite file `DATA_DIR/itinera.db`. */
    readonly databaseUrl: string | undefined;
    /** PostgreSQL only: the schema to keep the tables in (created if missing); `undefined` is the default. */
    readonly databaseSchema: string | undefined;
    readonly redisUrl: string | undefined;
    readonly migrateOnStart: boolean;
  };
  readonly auth: {
    readonly accessTokenTtlSeconds: number;
    readonly refreshTokenTtlSeconds: number;
    readonly audience: string;
    readonly lockoutThreshold: number;
    readonly lockoutWindowSeconds: number;
    readonly lockoutSeconds: number;
    readonly tokenRequestsPerMinutePerSource: number;
    readonly hashConcurrency: number;
    readonly hashQueueLimit: number;
    /** How long a booking's Idempotency-Key may stay claimed before a retry may take it over. */
    readonly staleClaimSeconds: number;
    /** Machine clients' key sets may be fetched from loopback and private addresses (`WEBHOOK_ALLOW_PRIVATE_NETWORKS`). */
    readonly keySetsOnPrivateNetworks: boolean;
    /** Roles whose people must sign in to the website with a second factor (`MFA_REQUIRED_ROLES`). */
    readonly mfaRequiredRoles: readonly ('customer' | 'agent' | 'agency_admin' | 'admin')[];
  };
  readonly rateLimit: {
    readonly max: number;
    /** Requests per window from one address without a valid token. */
    readonly anonymousMax: number;
    readonly windowSeconds: number;
  };
  /** What one process takes on before it refuses work (see docs/security.md, availability). */
  readonly load: {
    /** Threads a server works out searches in beside the one serving HTTP (0: on that one). */
    readonly searchThreads: number;
    readonly searchConcurrency: number;
    readonly searchQueueLimit: number;
    readonly searchesPerClient: number;
    readonly searchMaxWaitMs: number;
    /** Mean event-loop delay over which requests are shed with 503; 0 turns the check off. */
    readonly maxEventLoopDelayMs: number;
    /** Heap in use over which requests are shed with 503; 0 turns the check off. */
    readonly maxHeapUsedBytes: number;
    readonly sampleIntervalMs: number;
  };
  readonly webhooks: {
    /** How often each process sends due deliveries (0: never). */
    readonly pollMs: number;
    /** How long a receiver has to answer an attempt. */
    readonly timeoutMs: number;
    /** The delays between attempts, in seconds; after the last the delivery has failed. */
    readonly retryScheduleSeconds: readonly number[];
    /** Deliver to loopback, private and link-local addresses, over http too (local development, tests). */
    readonly allowPrivateNetworks: boolean;
    /** How long a deliverer's claim on a batch lasts; a batch of a deliverer that died is sent again after it. */
    readonly leaseMs: number;
  };
  /** Who sells, as invoices name them (`SELLER_*`). */
  readonly seller: {
    readonly name: string;
    readonly address: string;
    readonly vatId: string | undefined;
    /** The zone whose calendar dates invoices and starts each year's numbers. */
    readonly timeZone: string;
  };
  readonly ticketing: {
    /** Accounting codes for carriers IATA's list here lacks or the operator's own (`ACCOUNTING_CODES`). */
    readonly accountingCodes: Readonly<Record<string, string>>;
  };
  readonly mail: {
    /** `smtp://…` or `smtps://…`; unset: mails are written to `DATA_DIR/outbox/` as .eml files. */
    readonly smtpUrl: string | undefined;
    readonly from: string;
    readonly outboxDir: string;
    /** How often each process sends due mails (0: never). */
    readonly pollMs: number;
    readonly retryScheduleSeconds: readonly number[];
  };
  readonly payments: {
    /** The card gateway; `test` is the built-in one with documented test cards. */
    readonly gateway: 'test';
    /** How often each process does due gateway operations (captures, voids, refunds; 0: never). */
    readonly pollMs: number;
    /** How old a card authorization with no booking must be before it is voided. */
    readonly orphanAfterMs: number;
    /** How long a claim on a batch of gateway operations lasts; a batch of a process that died is done after it. */
    readonly leaseMs: number;
  };
  /** Intervals of the background jobs, in milliseconds; 0 turns a job off. */
  readonly jobs: {
    /** How often each process checks for schedule and fare changes made elsewhere. */
    readonly networkRefreshMs: number;
    /** How often each process checks for hotel content and rate changes made elsewhere. */
    readonly hotelIndexRefreshMs: number;
    /** How often each process checks for exchange rates imported through other processes. */
    readonly ratesRefreshMs: number;
    readonly pricingRefreshMs: number;
    /** How often each process expires holds past their deadline. */
    readonly holdSweepMs: number;
    /** How often expired tokens and day-old idempotency keys are deleted. */
    readonly purgeMs: number;
    /** Audit log entries older than this many days are deleted by the purge (0: kept for ever). */
    readonly auditRetentionDays: number;
  };
  readonly privacy: {
    /**
     * Keys sealing travel documents and dates of birth at rest (`DATA_KEYS`), the first sealing; none: a
     * key made once and kept in the database (docs/security.md, "Personal data").
     */
    readonly dataKeys: readonly DataKey[];
    /** Days after its last flight that a booking's travel document numbers are deleted (0: kept). */
    readonly documentRetentionDays: number;
  };
  readonly demo: {
    /**
     * Create demo accounts on the first start: `auto` does so on the embedded engine only, and never in
     * production; `always` also lets a production server start with demo accounts that can sign in.
     */
    readonly accounts: 'auto' | 'always' | 'never';
    /** `NODE_ENV=production`: a server refuses to start with demo accounts that can sign in. */
    readonly production: boolean;
    /** The size of the demo flight network made on the first start (same rule as accounts). */
    readonly preset: 'S' | 'M' | 'L';
  };
  readonly logLevel: string;
}

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads and checks every setting (src/config/settings.ts); throws one ConfigError that names each bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const read = readSettings(env);
  if (read.settings === undefined) throw new ConfigError(read.problems);
  return deepFreeze(fromSettings(read.settings));
}

/** The settings, sorted into what each part of the service reads. */
function fromSettings(s: Settings): Config {
  const dataDir = path.resolve(s.DATA_DIR);
  return {
    http: {
      host: s.HOST,
      port: s.PORT,
      workers: s.WORKERS,
      publicUrl: (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, ''),
      bodyLimitBytes: s.BODY_LIMIT_BYTES,
      trustProxy: s.TRUST_PROXY,
      metricsToken: s.METRICS_TOKEN,
      corsOrigins: s.CORS_ORIGINS ?? [],
      webDir: dirOrOff(s.WEB_DIR ?? path.resolve(import.meta.dirname, '../packages/web/dist')),
    },
    storage: {
      dataDir,
      indexSnapshotDir: dirOrOff(s.INDEX_SNAPSHOT_DIR ?? path.join(dataDir, 'indexes')),
      databaseUrl: s.DATABASE_URL,
      databaseSchema: s.DATABASE_SCHEMA,
      redisUrl: s.REDIS_URL,
      migrateOnStart: s.MIGRATE_ON_START,
    },
    auth: {
      accessTokenTtlSeconds: s.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: s.REFRESH_TOKEN_TTL_SECONDS,
      audience: s.TOKEN_AUDIENCE,
      lockoutThreshold: s.LOCKOUT_THRESHOLD,
      lockoutWindowSeconds: s.LOCKOUT_WINDOW_SECONDS,
      lockoutSeconds: s.LOCKOUT_SECONDS,
      tokenRequestsPerMinutePerSource: s.TOKEN_RATE_LIMIT_PER_MINUTE,
      hashConcurrency: s.PASSWORD_HASH_CONCURRENCY,
      hashQueueLimit: s.PASSWORD_HASH_QUEUE_LIMIT,
      staleClaimSeconds: s.IDEMPOTENCY_STALE_CLAIM_SECONDS,
      mfaRequiredRoles: s.MFA_REQUIRED_ROLES ?? [],
      keySetsOnPrivateNetworks: s.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    },
    rateLimit: {
      max: s.RATE_LIMIT_MAX,
      anonymousMax: s.RATE_LIMIT_ANONYMOUS_MAX,
      windowSeconds: s.RATE_LIMIT_WINDOW_SECONDS,
    },
    load: {
      searchThreads: s.SEARCH_THREADS,
      searchConcurrency: s.SEARCH_CONCURRENCY,
      searchQueueLimit: s.SEARCH_QUEUE_LIMIT,
      searchesPerClient: s.SEARCHES_PER_CLIENT,
      searchMaxWaitMs: s.SEARCH_MAX_WAIT_MS,
      maxEventLoopDelayMs: s.MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: s.MAX_HEAP_USED_BYTES,
      sampleIntervalMs: s.LOAD_SAMPLE_INTERVAL_MS,
    },
    webhooks: {
      pollMs: s.WEBHOOK_POLL_MS,
      timeoutMs: s.WEBHOOK_TIMEOUT_MS,
      retryScheduleSeconds: s.WEBHOOK_RETRY_SCHEDULE,
      allowPrivateNetworks: s.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      leaseMs: s.WEBHOOK_LEASE_MS,
    },
    seller: {
      name: s.SELLER_NAME,
      address: s.SELLER_ADDRESS,
      vatId: s.SELLER_VAT_ID,
      timeZone: s.SELLER_TIME_ZONE,
    },
    ticketing: { accountingCodes: s.ACCOUNTING_CODES ?? {} },
    mail: {
      smtpUrl: s.SMTP_URL,
      from: s.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      pollMs: s.MAIL_POLL_MS,
      retryScheduleSeconds: s.MAIL_RETRY_SCHEDULE,
    },
    payments: {
      gateway: s.PAYMENT_GATEWAY,
      pollMs: s.PAYMENTS_POLL_MS,
      orphanAfterMs: s.PAYMENT_ORPHAN_AFTER_MS,
      leaseMs: s.PAYMENT_LEASE_MS,
    },
    jobs: {
      networkRefreshMs: s.NETWORK_POLL_MS,
      hotelIndexRefreshMs: s.HOTEL_INDEX_POLL_MS,
      ratesRefreshMs: s.RATES_POLL_MS,
      pricingRefreshMs: s.PRICING_POLL_MS,
      holdSweepMs: s.HOLD_SWEEP_MS,
      purgeMs: s.PURGE_INTERVAL_MS,
      auditRetentionDays: s.AUDIT_RETENTION_DAYS,
    },
    privacy: {
      dataKeys: s.DATA_KEYS ?? [],
      documentRetentionDays: s.DOCUMENT_RETENTION_DAYS,
    },
    demo: {
      accounts: s.DEMO_ACCOUNTS,
      production: s.NODE_ENV === 'production',
      preset: s.DEMO_PRESET,
    },
    logLevel: s.LOG_LEVEL,
  };
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    // A key's bytes cannot be frozen (a typed array with elements); what holds it is.
    if (child && typeof child === 'object' && !ArrayBuffer.isView(child)) deepFreeze(child);
  }
  return Object.freeze(value);
}

/** A directory for index snapshots, or `off` for none. */
function dirOrOff(value: string): string | undefined {
  return value === 'off' ? undefined : path.resolve(value);
}
