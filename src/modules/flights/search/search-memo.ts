import { LRUCache } from 'lru-cache';
import type { DatedFlight } from '../inventory/flight-network.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { SeatKey } from '../inventory/seat-inventory-repository.ts';
import { loadBucket } from './fare-rules.ts';

/** Searches remembered per process; an entry is a few hundred candidates (some tens of KB). */
const MEMO_ENTRIES = 1_000;

/**
 * Everything an answer depends on besides its request and the seats sold, compared by identity: the
 * network it was found in (a new one on any schedule, fare, cancellation or retime change), the
 * exchange rates, the pricing rules' version and the day of sale (advance purchase counts days).
 */
export interface MemoBasis {
  network: object;
  rates: object;
  pricingVersion: number;
  saleDate: string;
}

/** What a search remembers of the flights it priced, to tell later whether its answer still holds. */
export interface FlightsSeen {
  flights: readonly DatedFlight[];
  /** The same flights as seat keys in the search's cabin, for reading what they have sold. */
  keys: readonly SeatKey[];
  /** Each flight's state when the answer was made (see `flightStates`). */
  states: Uint8Array;
  /** Until when (ms) every itinerary in the answer may still be booked; nothing new becomes bookable. */
  validUntil: number;
  /** The departure dates of its flights. */
  dates: readonly string[];
}

/** The seats sold an answer was last checked against, and the seat changes of its dates read before them. */
export interface SoldCheck {
  /** Seat changes per departure date (`changesOn`), read before `sold`; null when not every date was read. */
  changes: ReadonlyMap<string, number> | null;
  /** Seats sold by seat key, for the flights of the answer. */
  sold: ReadonlyMap<string, number>;
}

/**
 * The state of each flight that can change a search's answer, and nothing else: its load bucket (which
 * sets its fares' price) and whether it has seats enough for the party. A sale that moves neither leaves
 * every price and every option as they were.
 */
export function flightStates(
  flights: readonly DatedFlight[],
  soldOf: (flight: DatedFlight, index: number) => number,
  cabin: Cabin,
  seatsNeeded: number,
): Uint8Array {
  const states = new Uint8Array(flights.length);
  for (let i = 0; i < flights.length; i++) {
    const flight = flights[i]!;
    const capacity = flight.schedule.capacity[cabin];
    const sold = soldOf(flight, i);
    states[i] = loadBucket(sold, capacity) * 2 + (capacity - sold >= seatsNeeded ? 1 : 0);
  }
  return states;
}

function sameStates(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const sameBasis = (a: MemoBasis, b: MemoBasis) =>
  a.network === b.network &&
  a.rates === b.rates &&
  a.pricingVersion === b.pricingVersion &&
  a.saleDate === b.saleDate;

interface Entry<T> {
  basis: MemoBasis;
  seen: FlightsSeen;
  value: T;
  checked: SoldCheck;
}

/**
 * Search answers worked out once and reused while nothing they depend on has moved: the same request on
 * the same basis (`MemoBasis`), before its first itinerary's booking cut-off, with every flight it
 * priced in the same state (`flightStates`). Storage is asked on every search: first whether any seat
 * changed on the answer's dates since it was last checked (one small query), and only if so, the seats
 * sold of its flights, to compare their states. So a sale that changes a price or sells a flight out is
 * seen by the next search, in this process or any other; only the work of finding, pricing and ranking
 * is saved, and seats left are always as sold now.
 */
export function createSearchMemo<T>(maxEntries = MEMO_ENTRIES) {
  const entries = new LRUCache<string, Entry<T>>({ max: maxEntries });
  let hits = 0;
  let misses = 0;
  return {
    /** The entry for `key` on this basis, still valid at `now`, to be checked against seats sold. */
    find(key: string, basis: MemoBasis, now: number): Entry<T> | undefined {
      const entry = entries.get(key);
      if (entry && sameBasis(entry.basis, basis) && now < entry.seen.validUntil) return entry;
      return undefined;
    },
    /** Whether no seat has changed on the entry's dates since it was last checked: it holds as it is. */
    unchanged(entry: Entry<T>, changes: ReadonlyMap<string, number>): boolean {
      const last = entry.checked.changes;
      const same = last !== null && entry.seen.dates.every((d) => last.get(d) === changes.get(d));
      if (same) hits++;
      return same;
    },
    /**
     * Whether an entry's flights are in the states it was made with, by the seats sold now (read after
     * `changes`); if so it is kept as checked against them.
     */
    holds(entry: Entry<T>, states: Uint8Array, checked: SoldCheck): boolean {
      const held = sameStates(entry.seen.states, states);
      if (held) {
        hits++;
        entry.checked = checked;
      }
      return held;
    },
    remember(key: string, basis: MemoBasis, seen: FlightsSeen, value: T, checked: SoldCheck): void {
      misses++;
      entries.set(key, { basis, seen, value, checked });
    },
    /** Searches answered from memory and worked out, since start. */
    stats: () => ({ hits, misses, entries: entries.size }),
  };
}

export type SearchMemo<T> = ReturnType<typeof createSearchMemo<T>>;
