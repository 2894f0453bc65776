import { type Kysely, sql } from 'kysely';
import type { Database } from './tables.ts';

/**
 * An in-memory index that follows a change counter in the database. Every write to the data behind
 * it bumps the counter in the same transaction; each process polls the counter and rebuilds when it
 * moved, so a change made through any process reaches every process within one poll interval.
 */
export function createVersionedCache<T extends { version: number }>(
  db: Kysely<Database>,
  name: string,
  load: (version: number) => Promise<T>,
  entries: (index: T) => number = () => 0,
) {
  let current: T | undefined;
  let loading: Promise<T> | undefined;
  let buildSeconds: number | null = null;
  let builtAt: number | null = null;

  async function timedLoad(version: number): Promise<T> {
    const started = performance.now();
    const index = await load(version);
    buildSeconds = (performance.now() - started) / 1000;
    builtAt = Date.now();
    return index;
  }

  async function refresh(): Promise<T> {
    const version = await readVersion(db, name);
    if (current && current.version === version) return current;
    loading ??= timedLoad(version).finally(() => {
      loading = undefined;
    });
    current = await loading;
    return current;
  }

  return {
    /** The index, loading it on first use. */
    current: async (): Promise<T> => current ?? refresh(),
    refresh,
    /** What the gauges report of it. */
    stats: () => ({
      version: current?.version ?? null,
      latestVersion: () => readVersion(db, name),
      buildSeconds,
      builtAt,
      entries: current ? entries(current) : 0,
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

/** Counts a change to the data behind an index; call it in the transaction that made the change. */
export async function bumpVersion(trx: Kysely<Database>, name: string): Promise<void> {
  await trx
    .insertInto('change_counters')
    .values({ name, version: 1 })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ version: sql<number>`${sql.ref('change_counters.version')} + 1` }),
    )
    .execute();
}
