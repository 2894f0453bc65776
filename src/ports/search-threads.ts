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

/** The searches a product module may have worked out off the thread that serves HTTP. */
export type SearchKind = 'flights' | 'hotels';

/**
 * Threads that work out searches beside the one serving HTTP (`src/search-threads/`), so that a search
 * never holds up a booking or a health check, and one process searches on every core.
 */
export interface SearchThreads {
  /**
   * Works out a search of `kind` in a search thread, for the buyer as authenticated here and at this
   * thread's `now`, on indexes at least as new as this thread's, and gives its answer serialised;
   * undefined when no thread is ready, and the caller searches itself.
   */
  run(kind: SearchKind, request: unknown, buyer: unknown, now: Date): Promise<SerializedAnswer> | undefined;
  /** Which versions of the indexes the serving thread holds: each search handed on carries them. */
  follow(versions: () => IndexVersions): void;
}

/**
 * A search's answer as a search thread serialised it, with the response schema of its operation: the
 * serving thread sends the text as it is rather than rebuilding the objects and serialising them again.
 */
export class SerializedAnswer {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}
