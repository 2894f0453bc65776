/** `npm start` as a child process for the benchmarks: started, waited for, measured and stopped. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const READY = 'Itinera is serving on';

/** Resident memory of a process, in MiB (from /proc). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/**
 * Starts `src/cli/main.ts serve` with the environment given (on top of this one's, limits that one
 * benchmark account would hit lifted) and resolves once it says it serves (with WORKERS above one, once
 * every worker listens); `stop` ends it and waits for it to be gone.
 */
export async function startServe(env: Record<string, string>) {
  const started = performance.now();
  const child = spawn(process.execPath, ['src/cli/main.ts', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      SEARCHES_PER_CLIENT: '256',
      RATE_LIMIT_MAX: '1000000',
      TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const many = Number(env.WORKERS ?? 1) > 1;
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes(READY) && (!many || out.includes('workers on one port'))) resolve();
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code} before serving`)));
  });
  return {
    pid: child.pid!,
    startupMs: performance.now() - started,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A customer's access token from the demo accounts of a data directory. */
export async function demoToken(base: string, dataDir: string): Promise<string> {
  const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  const res = await fetch(`${base}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: demo.client_id,
      username: demo.customer.username,
      password: demo.customer.password,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
