import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { changesBetween, createVersionedCache } from '../../../db/versioned-cache.ts';
import type { SnapshotStore } from '../../../ports/snapshot-store.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { HotelsRepository } from '../inventory/hotels-repository.ts';
import { HotelIndex } from './hotel-index.ts';

/** Hotels read per step when the search index is built. */
const INDEX_PAGE = 5_000;
/** An update in place takes at most this many hotels or this share of the index; more is built afresh. */
const MOST_CHANGED = 2_000;
const MOST_CHANGED_SHARE = 0.2;
/** The share of positions left unused by replaced hotels past which the index is built afresh. */
const MOST_WASTED = 0.25;
/** After updates in place, the snapshot is saved again at most this often. */
const SNAPSHOT_EVERY_MS = 10 * 60_000;

/**
 * The hotel search index of this process. Built from storage in pages; updated in place when a change
 * logs the hotels it touched (`bumpVersion` with hotel ids), reading only those; saved to a snapshot
 * after each build (and now and then after updates) and started from it, brought up to date by the
 * change log, when one of this database's is found. The snapshot is named after the database (a digest
 * of a secret of its own), so processes on other databases sharing a directory never take it.
 */
export function createHotelIndexCache(deps: {
  db: Kysely<Database>;
  hotels: HotelsRepository;
  catalogue: Catalogue;
  fold: (s: string) => string;
  snapshots: SnapshotStore;
  /** A secret of this database's own, to name its snapshot. */
  databaseSecret: string;
  /** Told of a snapshot that could not be saved (the index works on without it). */
  onSnapshotError?: (error: unknown) => void;
}) {
  const file = `hotels-${createHash('sha256').update(`hotel-index:${deps.databaseSecret}`).digest('hex').slice(0, 16)}.snapshot`;
  let savedAt = 0;
  let saving: Promise<void> = Promise.resolve();

  /** Saves the index in the background, after the one being saved, if any. */
  function save(index: HotelIndex): void {
    savedAt = Date.now();
    saving = saving
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => deps.snapshots.write(file, index.toSnapshot()))
      .catch((error) => deps.onSnapshotError?.(error));
  }

  async function build(version: number): Promise<HotelIndex> {
    const built = new HotelIndex(version, deps.catalogue, deps.fold);
    // City by city: a search reads one city's hotels, and finds them together in memory.
    for (let after: { cityId: string; id: string } | null = null; ; ) {
      const page = await deps.hotels.indexPage(after, INDEX_PAGE);
      if (page.hotels.length === 0) return built;
      built.add(page);
      const last = page.hotels[page.hotels.length - 1]!;
      after = { cityId: last[3], id: last[0] };
    }
  }

  async function update(index: HotelIndex, changed: ReadonlySet<string>, version: number): Promise<boolean> {
    if (changed.size > Math.max(MOST_CHANGED, index.size * MOST_CHANGED_SHARE)) return false;
    if (index.wasted > MOST_WASTED) return false;
    const ids = [...changed];
    index.replace(ids, await deps.hotels.indexRows(ids), version);
    return true;
  }

  /** The snapshot's index brought to `version`, or undefined when there is none it can be. */
  async function fromSnapshot(version: number): Promise<HotelIndex | undefined> {
    const bytes = await deps.snapshots.read(file);
    const index = bytes && HotelIndex.fromSnapshot(bytes, deps.catalogue, deps.fold);
    if (!index || index.version > version) return undefined;
    // As good as just saved: updates save it again only after a while.
    savedAt = Date.now();
    if (index.version === version) return index;
    const changed = await changesBetween(deps.db, 'hotels', index.version, version);
    return changed && (await update(index, changed, version)) ? index : undefined;
  }

  const cache = createVersionedCache(deps.db, 'hotels', {
    async load(version) {
      const snapshot = await fromSnapshot(version);
      if (snapshot) return snapshot;
      const built = await build(version);
      save(built);
      return built;
    },
    entries: (index) => index.size,
    async update(index, changed, version) {
      const done = await update(index, changed, version);
      if (done && Date.now() - savedAt > SNAPSHOT_EVERY_MS) save(index);
      return done;
    },
  });
  return {
    ...cache,
    /** Resolves once every snapshot asked for so far is saved (or failed). */
    saved: (): Promise<void> => saving,
  };
}

export type HotelIndexCache = ReturnType<typeof createHotelIndexCache>;
