import { LRUCache } from 'lru-cache';
import type { FlightNetwork } from '../inventory/flight-network.ts';
import type { SliceResult } from './itinerary-search.ts';

/** Itineraries kept per network version, counted by itinerary (a few tens of bytes each plus the key). */
const MAX_ITINERARIES_KEPT = 250_000;

/**
 * Slice searches done once and reused: the ways to fly an origin–destination on a day depend only on the
 * schedules (the network's version), never on seats sold or prices, which every search reads live. Each
 * network has a cache of its own, so a changed schedule starts afresh and the old one goes with it;
 * searches asking the same at the same time share one computation.
 */
export function createItineraryCache(maxItineraries = MAX_ITINERARIES_KEPT) {
  const byNetwork = new WeakMap<FlightNetwork, LRUCache<string, Promise<SliceResult>>>();

  function cacheOf(network: FlightNetwork) {
    let cache = byNetwork.get(network);
    if (!cache) {
      cache = new LRUCache<string, Promise<SliceResult>>({ maxSize: maxItineraries });
      byNetwork.set(network, cache);
    }
    return cache;
  }

  return {
    /** The slice search's answer for `key` on this network, computed by `find` the first time. */
    get(network: FlightNetwork, key: string, find: () => Promise<SliceResult>): Promise<SliceResult> {
      const cache = cacheOf(network);
      const hit = cache.get(key);
      if (hit) return hit;
      const found = find();
      // Sized once known; a failed search is not kept.
      cache.set(key, found, { size: 1 });
      found.then(
        (r) => {
          if (cache.get(key) === found) cache.set(key, found, { size: 1 + r.itineraries.length });
        },
        () => cache.delete(key),
      );
      return found;
    },
  };
}

export type ItineraryCache = ReturnType<typeof createItineraryCache>;
