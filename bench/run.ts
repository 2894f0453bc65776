/**
 * `npm run bench`: load on loopback against one server process, each scenario next to a Fastify
 * hello-world route served by the same process in the same run. Bounded: a fixed duration each.
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Started {
  port: number;
  accessToken: string;
  clientId: string;
  username: string;
  password: string;
  startupMs: number;
}

const server = fork(path.join(import.meta.dirname, 'server.ts'), [], {
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
});
const started: Started = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const line = out.split('\n').find((l) => l.startsWith('{'));
    if (line) resolve(JSON.parse(line));
  });
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const rss = () =>
  new Promise<number>((resolve) => {
    server.once('message', (m: { rss: number }) => resolve(m.rss));
    server.send('rss');
  });

const base = `http://127.0.0.1:${started.port}`;
const bearer = { authorization: `Bearer ${started.accessToken}` };
const tokenBody = new URLSearchParams({
  grant_type: 'password',
  client_id: started.clientId,
  username: started.username,
  password: started.password,
}).toString();

const scenarios = [
  { name: 'hello-world route', url: '/bench/hello' },
  { name: 'catalogue lookup GET /b2c/airports/LHR', url: '/b2c/airports/LHR', headers: bearer },
  { name: 'autocomplete GET /b2c/places?q=lon', url: '/b2c/places?q=lon', headers: bearer },
  { name: 'city list GET /b2c/cities?country=FR', url: '/b2c/cities?country=FR&limit=20', headers: bearer },
  {
    name: 'token issuance POST /connect/token (argon2id)',
    url: '/connect/token',
    method: 'POST' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: tokenBody,
  },
];

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}
const rows: Row[] = [];
for (const s of scenarios) {
  const result = await autocannon({
    url: base + s.url,
    method: s.method ?? 'GET',
    headers: s.headers ?? {},
    body: s.body,
    duration: DURATION,
    connections: CONNECTIONS,
  });
  rows.push({
    name: s.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  });
  process.stdout.write(
    `${s.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms\n`,
  );
}
const rssBytes = await rss();
server.kill('SIGTERM');

const hello = rows[0]!;
const table = [
  `| scenario | req/s | vs hello-world | p50 ms | p99 ms | errors / non-2xx |`,
  `|---|---:|---:|---:|---:|---:|`,
  ...rows.map(
    (r) =>
      `| ${r.name} | ${Math.round(r.rps)} | ${(r.rps / hello.rps).toFixed(3)} | ${r.p50} | ${r.p99} | ${r.errors} / ${r.non2xx} |`,
  ),
].join('\n');
const summary = `${table}\n\nStart-up to listening (catalogue load included): ${Math.round(started.startupMs)} ms. Resident memory after the run: ${Math.round(rssBytes / 1048576)} MiB. ${CONNECTIONS} connections, ${DURATION} s per scenario.\n`;
process.stdout.write(`\n${summary}`);
const dir = path.join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'latest.md'), summary);
const failed = rows.some((r) => r.errors > 0 || r.non2xx > 0);
if (failed) {
  process.stderr.write('Some requests failed during the benchmark; the figures are not valid.\n');
  process.exit(1);
}
