import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { StorageOptions } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import {
  type IndexVersions,
  NO_VERSIONS,
  type SearchKind,
  type SearchThreads,
  SerializedAnswer,
} from '../ports/search-threads.ts';
import type { SearchOutcome, SearchTask, ThreadData } from './search-thread.ts';

const THREAD_FILE = fileURLToPath(new URL('./search-thread.ts', import.meta.url));

/**
 * Searches a thread works on at once: while one waits for storage (seats sold, night states), the next
 * is worked out. The serving thread's search gate bounds how many are in flight in all.
 */
const SEARCHES_PER_THREAD = 4;

/**
 * How much less the scheduler favours a search thread than the serving thread (nice(2), per thread on
 * Linux): when searches fill every core, the serving thread still gets one at once for a booking or a
 * health check, and searches take what is left.
 */
const NICENESS = 10;

/**
 * A pool of search threads (piscina) for a server: `threads` workers, each with the app wired as here
 * on the same storage (`search-thread.ts`), started by `start`. Searches go to the pool once a first
 * thread is ready; until then, or when no thread could start, `run` answers undefined and the serving
 * thread searches itself.
 * A search refused in a thread is refused here with the same problem.
 *
 * Piscina's threads wait on a message port, not on `Atomics.wait`, between tasks: a search thread's own
 * event loop keeps running its polls and change notifications while it has nothing to search.
 */
export function createSearchPool(options: {
  threads: number;
  env: Record<string, string | undefined>;
  storage: StorageOptions;
  catalogueSnapshot?: string | undefined;
  /** Told when no search thread could start; searches then stay on the serving thread. */
  onFailure?: (error: unknown) => void;
}) {
  const data: ThreadData = {
    env: options.env,
    storage: options.storage,
    catalogueSnapshot: options.catalogueSnapshot,
  };
  let pool: Piscina<SearchTask, SearchOutcome> | undefined;
  let versions: () => IndexVersions = () => NO_VERSIONS;
  let ready = false;
  let ran = 0;
  let started: Promise<void> = Promise.resolve();

  /** Starts the threads; a first search-free task tells when one is ready to take searches. */
  function start(): void {
    if (pool) return;
    pool = new Piscina<SearchTask, SearchOutcome>({
      filename: THREAD_FILE,
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: SEARCHES_PER_THREAD,
      atomics: 'disabled',
      niceIncrement: NICENESS,
      workerData: data,
    });
    started = pool
      .run({ kind: 'hotels', request: null, buyer: null, now: 0, versions: NO_VERSIONS, ping: true })
      .then(() => {
        ready = true;
      })
      .catch(async (error) => {
        // A thread that cannot start would be started again and again: searches stay here instead.
        options.onFailure?.(error);
        await pool?.destroy();
      });
  }

  async function search(kind: SearchKind, request: unknown, buyer: unknown, now: Date) {
    const outcome = await pool!.run({ kind, request, buyer, now: now.getTime(), versions: versions() });
    ran++;
    if ('problem' in outcome) {
      const p = outcome.problem;
      throw new AppError(p.code, p.detail, p.extras, p.headers);
    }
    return new SerializedAnswer(outcome.json);
  }

  const threads: SearchThreads & {
    start(): void;
    ready(): Promise<boolean>;
    stats(): { threads: number; ready: boolean; ran: number };
    close(): Promise<void>;
  } = {
    run: (kind, request, buyer, now) => (ready ? search(kind, request, buyer, now) : undefined),
    /**
     * Starts the threads: once storage is migrated and the indexes are loaded (and the hotel index's
     * snapshot saved), so that each thread starts from them.
     */
    start,
    /** Which versions of the indexes the serving thread holds: each search carries them. */
    follow(v) {
      versions = v;
    },
    /** Resolves once a thread takes searches (true), or none could start (false). */
    ready: () => started.then(() => ready),
    stats: () => ({ threads: options.threads, ready, ran }),
    close: async () => {
      ready = false;
      await pool?.destroy();
    },
  };
  return threads;
}

export type SearchPool = ReturnType<typeof createSearchPool>;
