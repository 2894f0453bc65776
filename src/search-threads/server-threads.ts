import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { StorageOptions } from '../db/database.ts';
import { type Catalogue, saveCatalogueSnapshot } from '../modules/catalog/index.ts';
import { createSearchPool, type SearchPool } from './search-pool.ts';

const SNAPSHOT_NAME = /^itinera-catalogue-(\d+)-\d+\.v8$/;

/** Whether a process of this id runs on this machine (signal 0 only asks; EPERM: it runs as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the catalogue snapshots in `dir` left by servers that no longer run: a server removes its own
 * when it stops, but not when it is killed (SIGKILL, out of memory), and each is some megabytes. Only
 * what it may remove: another user's, in a shared temporary folder, stays (and never stops a start).
 */
export function removeLeftSnapshots(dir: string, isRunning: (pid: number) => boolean = running): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    const pid = SNAPSHOT_NAME.exec(name)?.[1];
    if (pid === undefined || isRunning(Number(pid))) continue;
    try {
      rmSync(path.join(dir, name), { force: true });
      removed.push(name);
    } catch {
      // Not ours to remove.
    }
  }
  return removed;
}

/**
 * A server's search threads (`SEARCH_THREADS`; none at 0): the pool to wire the app with, started once
 * the serving thread has made ready what they start from: the storage migrated, the catalogue (saved to
 * a file they read in a tenth of the time of building it), the hotel index's snapshot.
 */
export function serverSearchThreads(
  config: Config,
  options: {
    /** The settings the server was configured with (`loadConfig`'s input), for the threads to read. */
    env: Record<string, string | undefined>;
    storage: StorageOptions;
    onFailure: (error: unknown) => void;
  },
) {
  if (config.load.searchThreads === 0) return undefined;
  removeLeftSnapshots(tmpdir());
  const catalogueFile = path.join(tmpdir(), `itinera-catalogue-${process.pid}-${Date.now()}.v8`);
  const pool: SearchPool = createSearchPool({
    threads: config.load.searchThreads,
    env: options.env,
    storage: options.storage,
    catalogueSnapshot: catalogueFile,
    onFailure: options.onFailure,
  });
  let saved: Promise<void> | undefined;
  /**
   * Saves the catalogue the threads start from: before the server listens (`serve.ts`), since serialising
   * it holds the event loop a few hundred milliseconds on a busy machine, long enough for the load
   * shedding to refuse the first requests.
   */
  const prepare = (catalogue: Catalogue): Promise<void> => {
    saved ??= saveCatalogueSnapshot(catalogue, catalogueFile);
    return saved;
  };
  return {
    pool,
    prepare,
    /** Starts the threads; resolves whether one takes searches (false: searches stay on this thread). */
    async start(ready: { catalogue: Catalogue; indexSaved: () => Promise<void> }): Promise<boolean> {
      await prepare(ready.catalogue);
      await ready.indexSaved();
      pool.start();
      return pool.ready();
    },
    async close(): Promise<void> {
      await pool.close();
      rmSync(catalogueFile, { force: true });
    },
  };
}
