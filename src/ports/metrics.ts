import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Times the phases of one search: each `lap` records the time since the previous one (or the start). */
export type SearchTimer = (search: 'flight' | 'hotel') => { lap(phase: string): void };

/** A search timer that records nothing (tests, tools). */
export const noSearchTimer: SearchTimer = () => ({ lap() {} });

/** What an in-memory index reports of itself. */
export interface IndexStats {
  /** The change counter of the data it was built from; null before its first build. */
  version: number | null;
  /** The counter in the database now. */
  latestVersion(): Promise<number>;
  /** Seconds its last build took. */
  buildSeconds: number | null;
  /** When it was last built (ms since the epoch), null before. */
  builtAt: number | null;
  /** How many entries it holds (schedules, hotels). */
  entries: number;
  /** Seconds its last update in place took (only what changed), null before any. */
  updateSeconds: number | null;
  /** Updates in place since start. */
  updates: number;
}

/**
 * The service's gauges in Prometheus terms, in a registry of their own (so several apps in one process,
 * as in tests, never share counts): HTTP requests by route, operations by outcome, search phases, index
 * sizes and lag, webhook deliveries, and Node's own (event-loop delay, memory, CPU, GC).
 */
export function createMetrics(clock: () => number = Date.now) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'itinera_' });
  const httpDuration = new Histogram({
    name: 'itinera_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const outcomes = new Counter({
    name: 'itinera_operation_outcomes_total',
    help: 'Operations answered, by operationId and outcome (ok, or the problem code: NO_AVAILABILITY, PRICE_CHANGED…)',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const searchPhases = new Histogram({
    name: 'itinera_search_phase_seconds',
    help: 'Time spent in each phase of a search (index, itineraries, availability, pricing, page…)',
    labelNames: ['search', 'phase'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const webhookDeliveries = new Counter({
    name: 'itinera_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by what became of them (delivered, pending for a retry, failed for good)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const webhookLatency = new Histogram({
    name: 'itinera_webhook_delivery_seconds',
    help: 'Time a receiver took to answer a webhook delivery',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const indexes = new Map<string, () => IndexStats>();
  const indexGauge = (name: string, help: string, value: (s: IndexStats) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['index'] as const,
      registers: [registry],
      collect() {
        for (const [index, stats] of indexes) {
          const v = value(stats());
          if (v !== null) this.set({ index }, v);
        }
      },
    });
  indexGauge('itinera_index_entries', 'Entries of an in-memory search index', (s) => s.entries);
  indexGauge('itinera_index_build_seconds', 'Seconds the last build of an index took', (s) => s.buildSeconds);
  indexGauge(
    'itinera_index_update_seconds',
    'Seconds the last update in place of an index took (only what changed)',
    (s) => s.updateSeconds,
  );
  indexGauge('itinera_index_updates', 'Updates in place of an index since start', (s) => s.updates);
  indexGauge('itinera_index_age_seconds', 'Seconds since an index was last built', (s) =>
    s.builtAt === null ? null : (clock() - s.builtAt) / 1000,
  );
  new Gauge({
    name: 'itinera_index_versions_behind',
    help: 'Changes made in the database that an index has not taken in yet (0: up to date)',
    labelNames: ['index'] as const,
    registers: [registry],
    async collect() {
      for (const [index, stats] of indexes) {
        const s = stats();
        if (s.version !== null) this.set({ index }, Math.max(0, (await s.latestVersion()) - s.version));
      }
    },
  });

  const searchTimer: SearchTimer = (search) => {
    let last = performance.now();
    return {
      lap(phase) {
        const now = performance.now();
        searchPhases.observe({ search, phase }, (now - last) / 1000);
        last = now;
      },
    };
  };

  return {
    registry,
    searchTimer,
    /** Records an answered request: its route pattern ("unmatched" for none), status and operation's outcome. */
    request(r: {
      method: string;
      route: string;
      status: number;
      seconds: number;
      operation?: string;
      problem?: string;
    }) {
      httpDuration.observe({ method: r.method, route: r.route, status_code: String(r.status) }, r.seconds);
      if (r.operation)
        outcomes.inc({
          operation: r.operation,
          outcome: r.problem ?? (r.status < 400 ? 'ok' : String(r.status)),
        });
    },
    webhookDelivery(status: 'delivered' | 'pending' | 'failed', latencyMs: number | null) {
      webhookDeliveries.inc({ status });
      if (latencyMs !== null) webhookLatency.observe(latencyMs / 1000);
    },
    /** Follows an index: its stats are read at each scrape. */
    watchIndex(name: string, stats: () => IndexStats) {
      indexes.set(name, stats);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
