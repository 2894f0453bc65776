import { type Kysely, sql } from 'kysely';
import { announceChange } from './change-notifications.ts';
import { chunks } from './chunks.ts';
import type { Database } from './tables.ts';

/** The key of a change that was not itemised: whoever follows the index builds it afresh. */
export const EVERYTHING = '*';

/** Versions of itemised changes kept in the log: a process further behind builds afresh. */
const VERSIONS_KEPT = 100;

/**
 * An in-memory index that follows a change counter in the database. Every write to the data behind it
 * bumps the counter in the same transaction and logs what it touched (`bumpVersion`); each process
 * polls the counter (or is woken, see `refresh`) and, when it moved, applies the logged changes in place
 * where `update` can, or builds the index afresh. A change made through any process so reaches every
 * process within one poll interval.
 */
export function createVersionedCache<T extends { version: number }>(
  db: Kysely<Database>,
  name: string,
  options: {
    /** Builds the index afresh from storage at a version. */
    load: (version: number) => Promise<T>;
    /** How many entries the index holds, for the gauges. */
    entries?: (index: T) => number;
    /**
     * Brings the index to `version` in place, given every key changed since its own version; false when
     * it cannot (too much changed, say), and it is built afresh instead.
     */
    update?: (current: T, changed: ReadonlySet<string>, version: number) => Promise<boolean>;
  },
) {
  let current: T | undefined;
  let loading: Promise<T> | undefined;
  let buildSeconds: number | null = null;
  let updateSeconds: number | null = null;
  let builtAt: number | null = null;
  let updates = 0;

  async function bringTo(version: number): Promise<T> {
    const held = current;
    if (held && options.update && held.version < version) {
      const changed = await changesBetween(db, name, held.version, version);
      const started = performance.now();
      if (changed && (await options.update(held, changed, version))) {
        updateSeconds = (performance.now() - started) / 1000;
        updates++;
        return held;
      }
    }
    const started = performance.now();
    const built = await options.load(version);
    buildSeconds = (performance.now() - started) / 1000;
    builtAt = Date.now();
    return built;
  }

  /**
   * Brings the index to at least the version the counter has now. A build already running for an older
   * version is waited for and then gone past; an index is never replaced by an older one (a slow build
   * finishing after a newer one).
   */
  async function refresh(): Promise<T> {
    const version = await readVersion(db, name);
    while (!current || current.version < version) {
      const own = loading === undefined;
      loading ??= bringTo(version).finally(() => {
        loading = undefined;
      });
      const brought = await loading;
      if (!current || brought.version >= current.version) current = brought;
      if (own) break; // a build of this very version: done, whatever it gave
    }
    return current;
  }

  return {
    /** The index, loading it on first use. */
    current: async (): Promise<T> => current ?? refresh(),
    refresh,
    /** Brings the index up to date if this process has loaded it (a command-line import has not). */
    refreshIfLoaded: async (): Promise<void> => {
      if (current) await refresh();
    },
    /** What the gauges report of it. */
    stats: () => ({
      version: current?.version ?? null,
      latestVersion: () => readVersion(db, name),
      buildSeconds,
      builtAt,
      entries: current && options.entries ? options.entries(current) : 0,
      updateSeconds,
      updates,
    }),
  };
}

/** The change counter of the data behind an index (0 before its first change). */
export async function readVersion(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .selectFrom('change_counters')
    .select('version')
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Counts a change to the data behind an index and logs the keys it touched (a hotel id, a carrier's
 * route; EVERYTHING when it cannot say); call it in the transaction that made the change. The counter's
 * row stays locked until that transaction ends, so changes take their versions in commit order. On
 * PostgreSQL every listening process hears of it at commit (`change-notifications.ts`).
 */
export async function bumpVersion(
  trx: Kysely<Database>,
  name: string,
  changed: readonly string[] = [EVERYTHING],
): Promise<number> {
  const row = await trx
    .insertInto('change_counters')
    .values({ name, version: 1 })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ version: sql<number>`${sql.ref('change_counters.version')} + 1` }),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  const version = Number(row.version);
  await announceChange(trx, name);
  const keys = changed.length === 0 ? [EVERYTHING] : [...new Set(changed)];
  for (const chunk of chunks(keys)) {
    await trx
      .insertInto('index_changes')
      .values(chunk.map((key) => ({ name, version, key })))
      .execute();
  }
  return version;
}

/**
 * Every key changed after version `from` up to `to`, or null when the log cannot say: a change was not
 * itemised, or the log no longer reaches back that far.
 */
export async function changesBetween(
  db: Kysely<Database>,
  name: string,
  from: number,
  to: number,
): Promise<Set<string> | null> {
  const rows = await db
    .selectFrom('index_changes')
    .select(['version', 'key'])
    .where('name', '=', name)
    .where('version', '>', from)
    .where('version', '<=', to)
    .execute();
  const versions = new Set(rows.map((r) => Number(r.version)));
  if (versions.size !== to - from) return null;
  const keys = new Set(rows.map((r) => r.key));
  return keys.has(EVERYTHING) ? null : keys;
}

/** Forgets itemised changes older than the last VERSIONS_KEPT versions of each counter. */
export async function pruneIndexChanges(db: Kysely<Database>): Promise<void> {
  const counters = await db.selectFrom('change_counters').select(['name', 'version']).execute();
  for (const c of counters)
    await db
      .deleteFrom('index_changes')
      .where('name', '=', c.name)
      .where('version', '<=', Number(c.version) - VERSIONS_KEPT)
      .execute();
}

/**
 * An operation that changes the data behind an index, followed by a refresh of this process's index, so
 * whoever made the change (an import through the API) finds it in their next search; other processes
 * follow at their next poll, or at once on PostgreSQL.
 */
export function thenRefresh<A extends unknown[], R>(
  change: (...args: A) => Promise<R>,
  cache: { refreshIfLoaded(): Promise<void> },
): (...args: A) => Promise<R> {
  return async (...args) => {
    const result = await change(...args);
    await cache.refreshIfLoaded();
    return result;
  };
}
