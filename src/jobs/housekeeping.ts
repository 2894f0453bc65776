import type { Kysely } from 'kysely';
import { compactChanges } from '../db/change-log.ts';
import type { Database } from '../db/tables.ts';
import { pruneIndexChanges } from '../db/versioned-cache.ts';
import type { Scheduler } from './scheduler.ts';

/**
 * The service's own housekeeping, beside each module's jobs: `purge` deletes what can no longer matter
 * (each owner says what: expired tokens, day-old idempotency keys, audit entries past retention), and
 * the change logs are compacted (inventory folded to a row a day, index changes past 100 versions gone).
 */
export function addHousekeeping(
  scheduler: Scheduler,
  options: {
    db: Kysely<Database>;
    purgeMs: number;
    compactMs: number;
    purges: ReadonlyArray<(now: Date) => Promise<unknown>>;
  },
): void {
  scheduler.add({
    name: 'purge',
    everyMs: options.purgeMs,
    run: (now) => Promise.all(options.purges.map((purge) => purge(now))),
  });
  scheduler.add({
    name: 'inventory_changes.compact',
    everyMs: options.compactMs,
    run: (now) =>
      Promise.all([
        compactChanges(options.db, now.toISOString().slice(0, 10)),
        pruneIndexChanges(options.db),
      ]),
  });
}
