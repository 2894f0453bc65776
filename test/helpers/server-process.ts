import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A server (`itinera serve`) in a process of its own, ready, on a free loopback port. */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Kills it with SIGKILL, as a crash would, and waits for it to be gone. */
  kill(): Promise<void>;
}

/**
 * Starts `itinera serve` with the environment given on top of this process's and a free port, and
 * waits until it answers /health/ready.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'src/cli/main.ts'), 'serve'], {
    cwd: root,
    stdio: 'ignore',
    // Load shedding is tested on its own: a server the journeys share a busy machine with serves them.
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
  });
  const kill = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${base}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, base, kill };
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await sleep(100);
  }
  await kill();
  throw new Error('the server did not become ready');
}

/** An access token of a demo account (the customer unless said) of a server started with them in `dataDir`. */
export async function demoToken(
  base: string,
  dataDir: string,
  who: 'customer' | 'agent' | 'admin' = 'customer',
): Promise<string> {
  const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'));
  const res = await fetch(`${base}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: demo.client_id,
      username: demo[who].username,
      password: demo[who].password,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
