/**
 * The API on a database holding the L hotel preset (made by bench/hotels.ts), plus a hello-world route
 * and static routes that serve the exact bytes of real search answers, for comparison.
 */
import { buildBenchApp } from './bench-app.ts';

const startedAt = performance.now();
const dataDir = process.env.BENCH_DATA_DIR!;
const { app, accounts, hotels, storage } = await buildBenchApp(dataDir);
await hotels.refreshIndex();
const statics = new Map<string, Buffer>();
app.post('/bench/static/:name', { schema: { hide: true } }, async (request, reply) => {
  const bytes = statics.get((request.params as { name: string }).name);
  return reply.type('application/json; charset=utf-8').send(bytes);
});
await app.listen({ host: '127.0.0.1', port: 0 });
const startupMs = performance.now() - startedAt;

const suffix = Date.now().toString(36);
await accounts.createClient({ clientId: `bench-${suffix}`, confidential: false });
await accounts.createUser({ username: `bench-${suffix}`, password: 'bench-password-123', role: 'customer' });
const token = (
  (
    await app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: `bench-${suffix}`,
        username: `bench-${suffix}`,
        password: 'bench-password-123',
      }).toString(),
    })
  ).json() as { access_token: string }
).access_token;

process.on('message', async (message: { kind: string; name?: string; body?: unknown }) => {
  if (message.kind === 'rss') process.send?.({ rss: process.memoryUsage().rss });
  if (message.kind === 'static') {
    const res = await app.inject({
      method: 'POST',
      url: '/search_hotels',
      headers: { authorization: `Bearer ${token}` },
      payload: message.body as object,
    });
    statics.set(message.name!, res.rawPayload);
    const body = res.json() as { data?: unknown[]; total_count?: number };
    process.send?.({
      stored: message.name,
      status: res.statusCode,
      bytes: res.rawPayload.length,
      hotels: body.data?.length ?? 0,
      total: body.total_count ?? 0,
    });
  }
});
process.on('SIGTERM', async () => {
  await app.close();
  await storage.close();
  process.exit(0);
});
process.stdout.write(
  `${JSON.stringify({ port: (app.server.address() as { port: number }).port, token, startupMs, hotels: await hotels.countHotels() })}\n`,
);
