import { LRUCache } from 'lru-cache';
import { createAskedBefore } from './asked-before.ts';

/** Searches remembered per process, at most. */
const MEMO_ENTRIES = 1_000;

/**
 * Everything an answer depends on besides its request and live inventory, each compared by identity:
 * an in-memory index (a new object on any change to what it holds), the exchange rates in force, the
 * pricing rules' version, the day it was asked on.
 */
export type MemoBasis = Readonly<Record<string, unknown>>;

/** What an answer depended on in live inventory, to tell later whether it still holds. */
export interface InventorySeen {
  /** The state of each thing it priced or offered (flights, room types) that can change it, in a fixed order. */
  states: Uint8Array;
  /** Until when (ms) it may stand at all: the first booking cut-off or check-in among its results. */
  validUntil: number;
  /** The days whose change figures (`src/db/change-log.ts`) vouch for the inventory it read. */
  days: readonly string[];
}

/** The inventory an answer was last checked against, and the change figures read before it. */
export interface Checked<S> {
  /** The change figure of each of its days, read before `inventory`; null when not every day was read. */
  changes: ReadonlyMap<string, number> | null;
  inventory: S;
}

interface Entry<T, S> {
  basis: MemoBasis;
  seen: InventorySeen;
  value: T;
  checked: Checked<S>;
}

function sameStates(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameBasis(a: MemoBasis, b: MemoBasis): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * Search answers worked out once and reused while nothing they depend on has moved: the same request on
 * the same basis, before their validity ends, with everything they priced in the same state. Storage is
 * asked on every search: first whether anything changed on the answer's days since it was last checked
 * (one small query of the change log), and only if so, the inventory itself, whose states are compared.
 * So a sale that changes a price or sells something out is seen by the next search, in this process or
 * any other; only the work of finding, pricing and ranking is saved. `T` is the answer, `S` the inventory
 * it was checked against (shown live: seats or rooms left).
 *
 * Only questions asked again are kept (`keepFrom: 'second'`): most questions are asked once, and keeping
 * each of their answers (every ranked offer, not only a page) filled memory by hundreds of megabytes that
 * the garbage collector then had to copy and mark, slowing every search for nothing. A question asked a
 * second time (another page, another traveller) is kept from then on.
 */
export function createSearchMemo<T, S>(options: {
  /** The most results (offers, hotels…) all entries may hold together; the least recently used go first. */
  maxResults: number;
  maxEntries?: number;
  /** Whether an answer is kept the first time it is worked out, or only when worked out again (the default). */
  keepFrom?: 'first' | 'second';
}) {
  const askedBefore = options.keepFrom === 'first' ? undefined : createAskedBefore();
  const entries = new LRUCache<string, Entry<T, S>>({
    max: options.maxEntries ?? MEMO_ENTRIES,
    maxSize: options.maxResults,
  });
  let hits = 0;
  let misses = 0;
  /** The basis every entry held was worked out on: a new one makes them all useless. */
  let current: MemoBasis | undefined;
  return {
    /** The entry for `key` on this basis, still valid at `now`, to be checked against inventory. */
    find(key: string, basis: MemoBasis, now: number): Entry<T, S> | undefined {
      const entry = entries.get(key);
      if (entry && sameBasis(entry.basis, basis) && now < entry.seen.validUntil) return entry;
      return undefined;
    },
    /** Whether nothing changed on the entry's days since it was last checked: it holds as it is. */
    unchanged(entry: Entry<T, S>, changes: ReadonlyMap<string, number>): boolean {
      const last = entry.checked.changes;
      const same = last !== null && entry.seen.days.every((d) => last.get(d) === changes.get(d));
      if (same) hits++;
      return same;
    },
    /**
     * Whether the entry's things are in the states it was made with, by inventory read now (after
     * `checked.changes`); if so it is kept as checked against it.
     */
    holds(entry: Entry<T, S>, states: Uint8Array, checked: Checked<S>): boolean {
      const held = sameStates(entry.seen.states, states);
      if (held) {
        hits++;
        entry.checked = checked;
      }
      return held;
    },
    /**
     * Keeps an answer of `results` results (one at least), unless it is larger than every entry's room or
     * (`keepFrom: 'second'`) its question was not worked out before.
     */
    remember(
      key: string,
      basis: MemoBasis,
      seen: InventorySeen,
      value: T,
      checked: Checked<S>,
      results: number,
    ): void {
      misses++;
      // Answers on an older basis (an index or the rates since changed) can never be used again: they go
      // now rather than when they are the least recently used, so memory stays flat across changes.
      if (!current || !sameBasis(current, basis)) {
        entries.clear();
        current = basis;
      }
      if (results > options.maxResults) return;
      if (askedBefore && !askedBefore.check(key)) return;
      entries.set(key, { basis, seen, value, checked }, { size: Math.max(1, results) });
    },
    /** Searches answered from memory and worked out, since start. */
    stats: () => ({ hits, misses, entries: entries.size }),
  };
}

export type SearchMemo<T, S> = ReturnType<typeof createSearchMemo<T, S>>;
