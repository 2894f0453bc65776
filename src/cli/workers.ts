import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';

/** Tells a worker what it is for: preparing the database once, or serving. */
const ROLE = 'ITINERA_WORKER_ROLE';

export const isWorker = (): boolean => cluster.isWorker;

interface Parts {
  /** Migrates and fills the demo data. */
  prepare(config: Config): Promise<unknown>;
  /** Serves until a signal, saying so once listening. */
  serveOne(
    config: Config,
    options: { prepareFirst: boolean; onListening: (banner: string) => void },
  ): Promise<void>;
}

/**
 * `WORKERS=N`: N processes serve the API on one port (Node's cluster shares the listening socket and
 * hands connections round) and one database, so searches run on every core. Each loads its own
 * indexes (the hotel index from the snapshot the first one saved), runs the background jobs (which
 * several processes may, by design) and keeps its own rate-limit counts unless REDIS_URL shares them.
 * This process prepares the database in a first worker (migrations, demo data), then starts the
 * servers, prints the banner once all listen, restarts a server that dies after it listened, and stops
 * them all on SIGINT or SIGTERM.
 */
export async function serveInWorkers(config: Config, parts: Parts): Promise<void> {
  if (cluster.isWorker) {
    if (process.env[ROLE] === 'prepare') {
      await parts.prepare(config);
      process.exit(0);
    }
    await parts.serveOne(config, {
      prepareFirst: false,
      onListening: (banner) => process.send?.({ listening: banner }),
    });
    return;
  }
  await new Promise<void>((resolve, reject) => {
    cluster.fork({ [ROLE]: 'prepare' }).on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`preparing the database failed (exit ${code})`));
    });
  });

  const count = config.http.workers;
  const listened = new Set<Worker>();
  let stopping = false;
  const start = () => {
    const worker = cluster.fork({ [ROLE]: 'serve' });
    worker.on('message', (message: { listening?: string }) => {
      if (!message.listening || listened.has(worker)) return;
      listened.add(worker);
      if (listened.size === count)
        process.stdout.write(`${message.listening.trimEnd()}\n(${count} workers on one port)\n`);
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      if (!listened.has(worker)) {
        process.stderr.write(`a worker failed to start (exit ${code ?? signal}); stopping\n`);
        void stop(1);
        return;
      }
      listened.delete(worker);
      process.stderr.write(`a worker stopped (exit ${code ?? signal}); starting another\n`);
      start();
    });
  };
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  for (let i = 0; i < count; i++) start();
}
