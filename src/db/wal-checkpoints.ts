import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';

/** SQLite's default: a commit that leaves more WAL pages than this checkpoints them itself. */
const AUTOCHECKPOINT_PAGES = 1_000;

/**
 * SQLite's write-ahead log copied back into the database file by a thread of its own. By default the
 * connection whose commit takes the log past 1,000 pages copies it, inside that commit: after an import
 * of 60,000 schedules, tens of milliseconds in which the event loop answers nobody. Here the serving
 * connection never checkpoints; a worker thread does, every `everyMs`, on a connection of its own. Should
 * that thread fail, the serving connection checkpoints again as by default, so the log never grows
 * without end.
 */
export function checkpointApart(
  db: DatabaseSync,
  file: string,
  everyMs = 1_000,
): { checkpointed: () => Promise<void>; stop: () => Promise<void> } {
  db.exec('PRAGMA wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./wal-checkpoint-worker.ts', import.meta.url), {
    workerData: { file, everyMs },
  });
  worker.unref();
  const fallBack = () => {
    if (db.isOpen) db.exec(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', fallBack);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    /** Resolves once a checkpoint that began after this call has ended (for tests). */
    checkpointed: () => {
      const since = Date.now();
      return new Promise<void>((resolve) => {
        const heard = (message: { began: number }) => {
          if (message.began <= since) return;
          worker.off('message', heard);
          resolve();
        };
        worker.on('message', heard);
      });
    },
    /** Checkpoints a last time and ends the thread. */
    stop: async () => {
      // Held by its thread until the last checkpoint is made (an unreferenced thread would let the
      // process end first, in the middle of whatever awaited this).
      worker.ref();
      worker.postMessage('stop');
      await exited;
      fallBack();
    },
  };
}
