/**
 * `node bench/startup.ts`: how long `npm start` takes to serve, and its resident memory once serving,
 * next to a Node hello-world server started the same way in the same run. Scenarios: the M preset on a
 * fresh data directory (migrations, demo network and hotels generated and imported), M again on that
 * directory, and the same two for L when BENCH_STARTUP_L=1 (L's first start imports for minutes).
 * Each scenario runs BENCH_STARTUP_RUNS times (default 3; L's first start once).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const READY = 'Itinera is serving on';

interface Sample {
  ms: number;
  rssMiB: number;
}

/** Starts a process, waits for the ready line, reads its resident memory, stops it. */
function startOnce(args: string[], env: Record<string, string>): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sample: Sample | undefined;
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.stdout.on('data', (d) => {
      out += d;
      if (!out.includes(READY)) return;
      const ms = performance.now() - started;
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      sample = { ms, rssMiB: rssKiB / 1024 };
      out = '';
      child.kill('SIGTERM');
    });
    // The next start waits for this process to be gone, as a restart would.
    child.on('exit', (code) => {
      if (sample) resolve(sample);
      else reject(new Error(`exited ${code} before serving: ${err.slice(0, 500)}`));
    });
  });
}

const HELLO = `
const http = require('node:http');
http.createServer((q, s) => s.end('hello')).listen(0, '127.0.0.1', () => console.log(${JSON.stringify(READY)}));
`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: string[] = [];
async function scenario(name: string, times: number, once: () => Promise<Sample>): Promise<void> {
  const samples: Sample[] = [];
  for (let i = 0; i < times; i++) samples.push(await once());
  const row = `| ${name} | ${times} | ${Math.round(median(samples.map((s) => s.ms)))} | ${Math.round(median(samples.map((s) => s.rssMiB)))} |`;
  rows.push(row);
  console.log(row);
}

function serveOn(dir: string, preset: string) {
  return () =>
    startOnce(['src/cli/main.ts', 'serve'], {
      DATA_DIR: dir,
      DEMO_PRESET: preset,
      PORT: '0',
      LOG_LEVEL: 'warn',
    });
}

function fresh(preset: string) {
  return async () => {
    const dir = mkdtempSync(path.join(tmpdir(), `itinera-start-${preset}-`));
    try {
      return await serveOn(dir, preset)();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

console.log('| scenario | runs | start-up to serving, median ms | resident memory serving, median MiB |');
console.log('|---|---|---|---|');
await scenario('baseline: Node hello-world server', runs, () => startOnce(['-e', HELLO], {}));
await scenario('M, fresh data directory (npm start on a new clone)', runs, fresh('M'));
const keptM = mkdtempSync(path.join(tmpdir(), 'itinera-start-M-'));
await serveOn(keptM, 'M')();
await scenario('M, data already imported', runs, serveOn(keptM, 'M'));
rmSync(keptM, { recursive: true, force: true });
if (process.env.BENCH_STARTUP_L === '1') {
  const keptL = mkdtempSync(path.join(tmpdir(), 'itinera-start-L-'));
  await scenario('L, fresh data directory', 1, serveOn(keptL, 'L'));
  await scenario('L, data already imported', runs, serveOn(keptL, 'L'));
  rmSync(keptL, { recursive: true, force: true });
}
