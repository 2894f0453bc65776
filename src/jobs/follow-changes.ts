import { listenForChanges } from '../db/change-notifications.ts';
import type { Storage } from '../db/database.ts';
import type { Scheduler } from './scheduler.ts';

/**
 * Runs a refresh job at once when another process commits a change it follows (PostgreSQL's
 * notifications, `db/change-notifications.ts`); its polling stays the fallback. `jobs` names the job of
 * each change counter. Stops listening when the returned function is called.
 */
export function followChanges(
  storage: Storage,
  scheduler: Scheduler,
  jobs: Readonly<Record<string, string>>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  const listening = listenForChanges(
    storage,
    (name) => {
      const job = jobs[name];
      if (job) void scheduler.runSoon(job);
    },
    onError,
  );
  return () => listening.close();
}
