import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type DataKey, parseDataKeys } from './shared/sealed-data.ts';

/** 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 20 h: about 72 hours in all. */
const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 72_000];

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

class Reader {
  readonly problems: string[] = [];
  /** Every variable read, with its default as text (undefined: unset by default). */
  readonly defaults = new Map<string, string | undefined>();
  private readonly env: Env;
  constructor(env: Env) {
    this.env = env;
  }

  private raw(name: string): string | undefined {
    if (!this.defaults.has(name)) this.defaults.set(name, undefined);
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  /** Records a variable's default, for the documentation's check. */
  private fallback<T>(name: string, value: T): T {
    this.defaults.set(name, Array.isArray(value) ? value.join(',') : String(value));
    return value;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? this.fallback(name, fallback);
  }

  optional(name: string): string | undefined {
    return this.raw(name);
  }

  /** A shared secret: unset, or at least 16 characters (a guessable token guards nothing). */
  dataKeys(name: string): readonly DataKey[] {
    const value = this.raw(name);
    if (value === undefined || value.trim() === '') return [];
    const keys = parseDataKeys(value);
    if (typeof keys === 'string') {
      this.problems.push(`${name} ${keys}`);
      return [];
    }
    return keys;
  }

  secret(name: string): string | undefined {
    const value = this.raw(name);
    if (value !== undefined && value.length < 16)
      this.problems.push(`${name} must be at least 16 characters, or unset`);
    return value;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    this.fallback(name, fallback);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      this.problems.push(`${name}=${JSON.stringify(value)} must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    this.fallback(name, fallback);
    if (value === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    this.problems.push(`${name}=${JSON.stringify(value)} must be true or false`);
    return fallback;
  }

  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    const value = this.raw(name);
    this.fallback(name, fallback);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name}=${JSON.stringify(value)} must be one of ${allowed.join(', ')}`);
    return fallback;
  }

  /** Some of `allowed`, comma-separated; unset or empty: none. */
  someOf<T extends string>(name: string, allowed: readonly T[]): readonly T[] {
    const value = this.raw(name);
    if (value === undefined || value.trim() === '') return [];
    const list = value.split(',').map((x) => x.trim());
    const bad = list.filter((x) => !(allowed as readonly string[]).includes(x));
    if (bad.length > 0)
      this.problems.push(`${name} must name some of ${allowed.join(', ')}: not ${bad.join(', ')}`);
    return list.filter((x): x is T => (allowed as readonly string[]).includes(x));
  }

  /** A count of threads: `auto` (the default) for one per core, or a whole number from 0 to `max`. */
  threads(name: string, max: number): number {
    const value = this.raw(name);
    this.fallback(name, 'auto');
    if (value === undefined || value === 'auto') return availableParallelism();
    const n = Number(value);
    if (Number.isInteger(n) && n >= 0 && n <= max) return n;
    this.problems.push(`${name}=${JSON.stringify(value)} must be auto or a whole number from 0 to ${max}`);
    return 0;
  }

  /** A count of processes: a whole number from 1 to `max`, or `auto` for one per core. */
  processes(name: string, fallback: number, max: number): number {
    if (this.raw(name) === 'auto') return availableParallelism();
    return this.int(name, fallback, 1, max);
  }

  /** Comma-separated whole numbers, each from `min` to `max`. */
  ints(name: string, fallback: readonly number[], min: number, max: number): readonly number[] {
    const value = this.raw(name);
    this.fallback(name, fallback);
    if (value === undefined) return fallback;
    const list = value.split(',').map((x) => Number(x.trim()));
    if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < min || n > max)) {
      this.problems.push(
        `${name}=${JSON.stringify(value)} must be whole numbers from ${min} to ${max}, comma-separated`,
      );
      return fallback;
    }
    return list;
  }

  /** Comma-separated origins (`https://shop.example.com`): scheme, host and port, nothing more. */
  origins(name: string): readonly string[] {
    const value = this.raw(name);
    if (value === undefined || value.trim() === '') return [];
    const list = value.split(',').map((x) => x.trim());
    const bad = list.filter((origin) => {
      try {
        const parsed = new URL(origin);
        return !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin;
      } catch {
        return true;
      }
    });
    if (bad.length > 0)
      this.problems.push(
        `${name} must be origins like https://shop.example.com, comma-separated: ${bad.join(', ')}`,
      );
    return list;
  }

  /** An IANA time zone (`Europe/Berlin`). */
  timeZone(name: string, fallback: string): string {
    const value = this.string(name, fallback);
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
    } catch {
      this.problems.push(`${name} must be an IANA time zone like Europe/Berlin: ${value}`);
    }
    return value;
  }

  /** Comma-separated `CARRIER:CODE` pairs (`XY:123,ZZ:456`): an airline code and its three-digit accounting code. */
  accountingCodes(name: string): Readonly<Record<string, string>> {
    const value = this.raw(name);
    if (value === undefined || value.trim() === '') return {};
    const pairs = value.split(',').map((x) => x.trim().split(':'));
    const bad = pairs.filter((p) => p.length !== 2 || !/^[A-Z0-9]{2}$/.test(p[0]!) || !/^\d{3}$/.test(p[1]!));
    if (bad.length > 0)
      this.problems.push(
        `${name} must be CARRIER:CODE pairs like XY:123, comma-separated: ${bad.map((p) => p.join(':')).join(', ')}`,
      );
    return Object.fromEntries(pairs.filter((p) => !bad.includes(p)).map((p) => [p[0]!, p[1]!]));
  }

  identifier(name: string): string | undefined {
    const value = this.raw(name);
    if (value === undefined || /^[a-z_][a-z0-9_]{0,62}$/.test(value)) return value;
    this.problems.push(`${name}=${JSON.stringify(value)} must be a lower-case SQL name (a-z, 0-9, _)`);
    return undefined;
  }

  url(name: string, protocols: readonly string[]): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    try {
      const parsed = new URL(value);
      if (protocols.includes(parsed.protocol)) return value;
    } catch {}
    this.problems.push(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
    return undefined;
  }
}

/** Reads and validates every setting; throws one ConfigError that names each bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const { config, problems } = readConfig(env);
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(config);
}

/**
 * Every setting the service reads, with its default as text (undefined: unset), in the order read: what
 * docs/configuration.md must list (a test holds it to this).
 */
export function settingDefaults(): ReadonlyMap<string, string | undefined> {
  const r = new Reader({});
  readWith(r);
  return r.defaults;
}

function readConfig(env: Env): { config: Config; problems: readonly string[] } {
  const r = new Reader(env);
  return { config: readWith(r), problems: r.problems };
}

function readWith(r: Reader): Config {
  const host = r.string('HOST', '127.0.0.1');
  const port = r.int('PORT', 8080, 0, 65535);
  const dataDir = path.resolve(r.string('DATA_DIR', './data'));
  const publicUrl = (r.url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );
  const config: Config = {
    http: {
      host,
      port,
      workers: r.processes('WORKERS', 1, 64),
      publicUrl,
      bodyLimitBytes: r.int('BODY_LIMIT_BYTES', 1_048_576, 1024, 50 * 1_048_576),
      trustProxy: r.bool('TRUST_PROXY', false),
      metricsToken: r.secret('METRICS_TOKEN'),
      corsOrigins: r.origins('CORS_ORIGINS'),
      webDir: dirOrOff(r.string('WEB_DIR', path.resolve(import.meta.dirname, '../packages/web/dist'))),
    },
    storage: {
      dataDir,
      indexSnapshotDir: dirOrOff(r.string('INDEX_SNAPSHOT_DIR', path.join(dataDir, 'indexes'))),
      databaseUrl: r.url('DATABASE_URL', ['postgres:', 'postgresql:']),
      databaseSchema: r.identifier('DATABASE_SCHEMA'),
      redisUrl: r.url('REDIS_URL', ['redis:', 'rediss:']),
      migrateOnStart: r.bool('MIGRATE_ON_START', true),
    },
    auth: {
      accessTokenTtlSeconds: r.int('ACCESS_TOKEN_TTL_SECONDS', 3600, 60, 86_400),
      refreshTokenTtlSeconds: r.int('REFRESH_TOKEN_TTL_SECONDS', 30 * 86_400, 300, 365 * 86_400),
      audience: r.string('TOKEN_AUDIENCE', 'itinera-api'),
      lockoutThreshold: r.int('LOCKOUT_THRESHOLD', 5, 1, 1000),
      lockoutWindowSeconds: r.int('LOCKOUT_WINDOW_SECONDS', 900, 1, 86_400),
      lockoutSeconds: r.int('LOCKOUT_SECONDS', 900, 1, 86_400),
      tokenRequestsPerMinutePerSource: r.int('TOKEN_RATE_LIMIT_PER_MINUTE', 30, 1, 100_000),
      hashConcurrency: r.int('PASSWORD_HASH_CONCURRENCY', 2, 1, 64),
      hashQueueLimit: r.int('PASSWORD_HASH_QUEUE_LIMIT', 64, 0, 10_000),
      staleClaimSeconds: r.int('IDEMPOTENCY_STALE_CLAIM_SECONDS', 60, 1, 3600),
      mfaRequiredRoles: r.someOf('MFA_REQUIRED_ROLES', [
        'customer',
        'agent',
        'agency_admin',
        'admin',
      ] as const),
    },
    rateLimit: {
      max: r.int('RATE_LIMIT_MAX', 600, 1, 1_000_000),
      anonymousMax: r.int('RATE_LIMIT_ANONYMOUS_MAX', 300, 1, 1_000_000),
      windowSeconds: r.int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 3600),
    },
    load: {
      searchThreads: r.threads('SEARCH_THREADS', 64),
      searchConcurrency: r.int('SEARCH_CONCURRENCY', 4, 1, 256),
      searchQueueLimit: r.int('SEARCH_QUEUE_LIMIT', 64, 0, 10_000),
      searchesPerClient: r.int('SEARCHES_PER_CLIENT', 4, 1, 256),
      searchMaxWaitMs: r.int('SEARCH_MAX_WAIT_MS', 10_000, 1, 600_000),
      maxEventLoopDelayMs: r.int('MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
      maxHeapUsedBytes: r.int('MAX_HEAP_USED_BYTES', 0, 0, Number.MAX_SAFE_INTEGER),
      sampleIntervalMs: r.int('LOAD_SAMPLE_INTERVAL_MS', 500, 10, 60_000),
    },
    webhooks: {
      pollMs: r.int('WEBHOOK_POLL_MS', 1000, 0, 3_600_000),
      timeoutMs: r.int('WEBHOOK_TIMEOUT_MS', 5000, 100, 60_000),
      retryScheduleSeconds: r.ints('WEBHOOK_RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE_SECONDS, 0, 7 * 86_400),
      allowPrivateNetworks: r.bool('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
      leaseMs: r.int('WEBHOOK_LEASE_MS', 60_000, 1000, 3_600_000),
    },
    seller: {
      name: r.string('SELLER_NAME', 'Itinera demo travel'),
      address: r.string('SELLER_ADDRESS', '1 Example Street, London, GB'),
      vatId: r.optional('SELLER_VAT_ID'),
      timeZone: r.timeZone('SELLER_TIME_ZONE', 'UTC'),
    },
    ticketing: {
      accountingCodes: r.accountingCodes('ACCOUNTING_CODES'),
    },
    mail: {
      smtpUrl: r.url('SMTP_URL', ['smtp:', 'smtps:']),
      from: r.string('MAIL_FROM', 'Itinera <no-reply@itinera.invalid>'),
      outboxDir: path.join(dataDir, 'outbox'),
      pollMs: r.int('MAIL_POLL_MS', 1000, 0, 3_600_000),
      retryScheduleSeconds: r.ints('MAIL_RETRY_SCHEDULE', [60, 300, 1800, 7200, 21_600], 0, 7 * 86_400),
    },
    payments: {
      gateway: r.oneOf('PAYMENT_GATEWAY', 'test', ['test'] as const),
      pollMs: r.int('PAYMENTS_POLL_MS', 500, 0, 3_600_000),
      orphanAfterMs: r.int('PAYMENT_ORPHAN_AFTER_MS', 120_000, 1000, 86_400_000),
      leaseMs: r.int('PAYMENT_LEASE_MS', 60_000, 1000, 3_600_000),
    },
    jobs: {
      networkRefreshMs: r.int('NETWORK_POLL_MS', 1000, 0, 60_000),
      hotelIndexRefreshMs: r.int('HOTEL_INDEX_POLL_MS', 1000, 0, 60_000),
      ratesRefreshMs: r.int('RATES_POLL_MS', 5000, 0, 3_600_000),
      pricingRefreshMs: r.int('PRICING_POLL_MS', 5000, 0, 3_600_000),
      holdSweepMs: r.int('HOLD_SWEEP_MS', 30_000, 0, 3_600_000),
      purgeMs: r.int('PURGE_INTERVAL_MS', 3_600_000, 0, 86_400_000),
      auditRetentionDays: r.int('AUDIT_RETENTION_DAYS', 400, 0, 36_500),
    },
    privacy: {
      dataKeys: r.dataKeys('DATA_KEYS'),
      documentRetentionDays: r.int('DOCUMENT_RETENTION_DAYS', 90, 0, 36_500),
    },
    demo: {
      accounts: r.oneOf('DEMO_ACCOUNTS', 'auto', ['auto', 'always', 'never'] as const),
      production: r.string('NODE_ENV', '') === 'production',
      preset: r.oneOf('DEMO_PRESET', 'M', ['S', 'M', 'L'] as const),
    },
    logLevel: r.oneOf('LOG_LEVEL', 'info', [
      'fatal',
      'error',
      'warn',
      'info',
      'debug',
      'trace',
      'silent',
    ] as const),
  };
  return config;
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
