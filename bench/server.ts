/**
 * The service as `npm start` runs it (SQLite file, argon2id, real catalogue), plus a bare
 * hello-world route for comparison. Prints one JSON line with what the load generator needs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildBenchApp } from './bench-app.ts';

const startedAt = performance.now();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'itinera-bench-'));
const { app, accounts, storage } = await buildBenchApp(dataDir);
// Unique names, so the benchmark also runs against a PostgreSQL database that already has data.
const suffix = randomBytes(4).toString('hex');
const clientId = `bench-${suffix}`;
const username = `bench-user-${suffix}`;
const password = 'bench-password-123';
await accounts.createClient({ clientId, confidential: false });
await accounts.createUser({ username, password, role: 'customer' });
// Sign-ins are measured over as many accounts as connections: each account gets at most its lockout
// threshold of password checks at once, as a real population of users does.
const usernames = Array.from(
  { length: Number(process.env.BENCH_CONNECTIONS ?? 10) },
  (_, i) => `${username}-${i}`,
);
for (const name of usernames) await accounts.createUser({ username: name, password, role: 'customer' });
await app.listen({ host: '127.0.0.1', port: 0 });
const startupMs = performance.now() - startedAt;
const address = app.server.address() as { port: number };
const token = (await (
  await fetch(`http://127.0.0.1:${address.port}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: clientId,
      username,
      password,
    }),
  })
).json()) as { access_token: string };
process.stdout.write(
  `${JSON.stringify({ port: address.port, accessToken: token.access_token, clientId, username, usernames, password, startupMs })}\n`,
);
process.on('message', (message: { kind: string }) => {
  if (message.kind === 'rss') process.send?.({ rss: process.memoryUsage().rss });
});
process.on('SIGTERM', async () => {
  await app.close();
  await storage.close();
  process.exit(0);
});
