import {
  bool,
  int,
  oneOf,
  optionalText,
  origins,
  processes,
  secret,
  sqlName,
  text,
  threads,
  url,
} from './setting-types.ts';

export const SERVING = {
  title: 'Serving',
  about: 'How the service listens and whom it answers.',
  settings: {
    PORT: int(0, 65535, { default: 8080, description: 'HTTP port.' }),
    HOST: text({
      default: '127.0.0.1',
      description:
        'Address to listen on: this machine only by default; `0.0.0.0` (or `::`) for every interface, as in a container behind a proxy.',
    }),
    PUBLIC_URL: url(['http:', 'https:'], {
      shown: 'http://localhost:$PORT',
      description:
        'The URL clients use; it is the token issuer (`iss`) and the base of the discovery document. Set it behind a proxy, and the same on every process.',
    }),
    WORKERS: processes(64, {
      default: 1,
      description:
        'Processes serving the API on `PORT` and one database (`auto`: one per core). The database is prepared once (migrations, demo data), then each worker loads its own search indexes (the hotel index from the snapshot), runs the background jobs (safe in several processes) and keeps its own rate-limit counts unless `REDIS_URL` shares them; memory is per worker. A worker that dies is replaced. Each worker starts its own `SEARCH_THREADS`: one process already searches on every core, so more workers are for more machines behind one database, or for a process that dies not to take the others with it.',
    }),
    TRUST_PROXY: bool({
      default: false,
      description:
        "Trust `X-Forwarded-*` (client address for rate limits). Set `PUBLIC_URL` with it: behind a proxy the website's sign-in accepts pages of `PUBLIC_URL`'s origin only.",
    }),
    METRICS_TOKEN: secret({
      description:
        'The bearer token a Prometheus scraper sends to `GET /metrics` (at least 16 characters); unset, the gauges are served to this machine only. See [metrics.md](metrics.md).',
    }),
    CORS_ORIGINS: origins({
      description:
        'Origins of other sites whose pages may call the API from a browser, comma-separated (`https://shop.example.com,https://agent.example.com`). Unset, no CORS header is sent and browsers keep other origins out. Bearer tokens only: no credentials mode.',
    }),
    WEB_DIR: optionalText({
      shown: 'packages/web/dist',
      description:
        'The built website served at `/` (`npm install` and `npm start` build it); `off` serves none.',
    }),
    BODY_LIMIT_BYTES: int(1024, 50 * 1_048_576, {
      default: 1_048_576,
      description: 'Largest request body; beyond it 413 PAYLOAD_TOO_LARGE.',
    }),
    LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      default: 'info',
      description: 'pino level: `fatal` \u2026 `trace`, or `silent`.',
    }),
  },
};

export const STORAGE = {
  title: 'Storage',
  about: 'Where the data is kept.',
  settings: {
    DATA_DIR: text({
      default: './data',
      description: 'Where the embedded SQLite file (`itinera.db`) and `demo-credentials.json` live.',
    }),
    INDEX_SNAPSHOT_DIR: optionalText({
      shown: '$DATA_DIR/indexes',
      description:
        'Where the hotel search index is saved after it is built, so a process starts from it in a second (brought up to date by the change log) instead of building it again; `off` for nowhere. Named after the database, so directories can be shared.',
    }),
    DATABASE_URL: url(['postgres:', 'postgresql:'], {
      description: 'Unset: embedded SQLite. `postgres://\u2026`: PostgreSQL.',
    }),
    DATABASE_SCHEMA: sqlName({
      description:
        "PostgreSQL only: the schema that holds Itinera's tables, created if missing (several installations can share one database). Unset: the server's default (`public`).",
    }),
    REDIS_URL: url(['redis:', 'rediss:'], {
      description: '`redis://\u2026`: rate-limit counters shared by every process. Unset: per process.',
    }),
    MIGRATE_ON_START: bool({ default: true, description: 'Bring the schema up to date when serving.' }),
  },
};

export const LOAD = {
  title: 'Load',
  about: 'What one process takes on before it refuses work (see [security.md](security.md), availability).',
  settings: {
    SEARCH_THREADS: threads(64, {
      description:
        'Threads a server (`npm start`, `itinera serve`) works out flight and hotel searches in, beside the thread that serves HTTP (`auto`: one per core; `0`: searches run on the serving thread, as in tests and commands). Each thread loads its own copy of the catalogue and the search indexes (the hotel index from its snapshot), so memory grows by about that much per thread; until one is ready, searches run on the serving thread. See [decision 0015](decisions/0015-search-threads.md).',
    }),
    SEARCH_CONCURRENCY: int(1, 256, {
      default: 4,
      description: 'Flight and hotel searches one process runs at once; more wait their turn.',
    }),
    SEARCH_QUEUE_LIMIT: int(0, 10_000, {
      default: 64,
      description: 'Searches that may wait; beyond it 503 `OVERLOADED` at once.',
    }),
    SEARCHES_PER_CLIENT: int(1, 256, {
      default: 4,
      description: 'Searches one account may have running or waiting in one process; beyond it 429.',
    }),
    SEARCH_MAX_WAIT_MS: int(1, 600_000, {
      default: 10_000,
      description: 'How long a search may wait for its turn before it is shed with 503.',
    }),
    MAX_EVENT_LOOP_DELAY_MS: int(0, 60_000, {
      default: 1000,
      description:
        'Mean event-loop delay over a sample interval over which every request but `/health/live` is shed with 503 `OVERLOADED` (0: off); an interval the loop was held throughout counts as how long it was held.',
    }),
    MAX_HEAP_USED_BYTES: int(0, Number.MAX_SAFE_INTEGER, {
      default: 0,
      description: 'Heap in use over which requests are shed the same way (0: off).',
    }),
    LOAD_SAMPLE_INTERVAL_MS: int(10, 60_000, {
      default: 500,
      description: 'How often the event-loop delay and heap are sampled.',
    }),
  },
};
