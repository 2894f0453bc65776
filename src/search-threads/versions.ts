/**
 * The change counters of what a search reads from memory: the flight network, the hotel index, the
 * pricing rules and the exchange rates. A search thread brings its own up to those of the thread that
 * asks before it answers, so nothing changed through this process is missing from the next search.
 */
export interface IndexVersions {
  network: number;
  hotels: number;
  pricing: number;
  rates: number;
}

/** Nothing to catch up with: what a thread that has loaded nothing asks for. */
export const NO_VERSIONS: IndexVersions = { network: -1, hotels: -1, pricing: -1, rates: -1 };
