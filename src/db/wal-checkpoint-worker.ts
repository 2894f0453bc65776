/**
 * The thread of `wal-checkpoints.ts`: its own connection to the SQLite file, checkpointing the WAL
 * (PASSIVE: it never waits for, nor blocks, a reader or the writer) every `everyMs`, until told to stop.
 */
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new DatabaseSync(file);
db.exec('PRAGMA busy_timeout = 5000');

const checkpoint = () => {
  const began = Date.now();
  db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  parentPort?.postMessage({ began });
};
const timer = setInterval(checkpoint, everyMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort?.close();
});
