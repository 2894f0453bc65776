/**
 * What the benchmark servers share: the app on a data directory, a static route that serves the exact
 * bytes of a real search answer (stored on request over IPC), users (customer, admin, agent) with tokens, and a JSON line on
 * stdout once listening.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { buildBenchApp, signInNew } from './bench-app.ts';

type Built = Awaited<ReturnType<typeof buildBenchApp>>;

export async function serveBench(options: {
  /** The search operation whose answers the static route replays, e.g. `/search_flight`. */
  searchUrl: string;
  /** Loads what the benchmark needs in memory before listening. */
  load: (built: Built) => Promise<void>;
  /** Extra facts for the started line. */
  describe: (built: Built) => Promise<Record<string, unknown>>;
  /** How many results an answer holds, for the log. */
  count: (body: Record<string, unknown>) => Record<string, unknown>;
}) {
  const startedAt = performance.now();
  const built = await buildBenchApp(process.env.BENCH_DATA_DIR!);
  const { app, accounts, storage } = built;
  await options.load(built);
  await built.startThreads();
  const statics = new Map<string, Buffer>();
  app.post('/bench/static/:name', { schema: { hide: true } }, async (request, reply) => {
    const bytes = statics.get((request.params as { name: string }).name);
    return reply.type('application/json; charset=utf-8').send(bytes);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const gc = { max: 0, total: 0 };
  new PerformanceObserver((entries) => {
    for (const e of entries.getEntries()) {
      gc.max = Math.max(gc.max, e.duration);
      gc.total += e.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  const startupMs = performance.now() - startedAt;

  const suffix = Date.now().toString(36);
  await accounts.createClient({ clientId: `bench-${suffix}`, confidential: false });
  const signedIn = (username: string, role: 'customer' | 'admin' | 'agent') =>
    signInNew(built, `bench-${suffix}`, username, role);
  const token = await signedIn(`bench-${suffix}`, 'customer');
  const adminToken = await signedIn(`bench-admin-${suffix}`, 'admin');
  const agentToken = await signedIn(`bench-agent-${suffix}`, 'agent');

  process.on('message', async (message: { kind: string; name?: string; body?: unknown }) => {
    if (message.kind === 'rss') process.send?.({ rss: process.memoryUsage().rss });
    // How long the serving thread's event loop was held, and by garbage collection, since the last ask.
    if (message.kind === 'loop') {
      process.send?.({
        delayP99Ms: loop.percentile(99) / 1e6,
        delayMaxMs: loop.max / 1e6,
        gcMaxMs: gc.max,
        gcTotalMs: gc.total,
      });
      loop.reset();
      gc.max = 0;
      gc.total = 0;
    }
    if (message.kind === 'mem') {
      const before = process.memoryUsage();
      (globalThis as { gc?: () => void }).gc?.();
      const after = process.memoryUsage();
      const mib = (n: number) => Math.round(n / 1048576);
      process.send?.({
        rss: mib(before.rss),
        heap: mib(before.heapUsed),
        rssAfterGc: mib(after.rss),
        heapAfterGc: mib(after.heapUsed),
        external: mib(after.external + after.arrayBuffers),
      });
    }
    if (message.kind === 'static') {
      const res = await app.inject({
        method: 'POST',
        url: options.searchUrl,
        headers: { authorization: `Bearer ${token}` },
        payload: message.body as object,
      });
      statics.set(message.name!, res.rawPayload);
      process.send?.({
        stored: message.name,
        status: res.statusCode,
        bytes: res.rawPayload.length,
        ...options.count(res.json() as Record<string, unknown>),
      });
    }
  });
  process.on('SIGTERM', async () => {
    await app.close();
    await storage.close();
    process.exit(0);
  });
  const port = (app.server.address() as { port: number }).port;
  process.stdout.write(
    `${JSON.stringify({ port, token, adminToken, agentToken, startupMs, searchThreads: built.searchThreads, ...(await options.describe(built)) })}\n`,
  );
}
