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

/** A search as a route calls it: answering its answer, or the text a search thread serialised. */
export type Searching<F extends (...args: never[]) => Promise<unknown>> = (
  ...args: Parameters<F>
) => Promise<Awaited<ReturnType<F>> | SerializedAnswer>;

/**
 * A search handed to a search thread when one is ready (with this thread's `now`), else worked out here
 * by `local`: what a product module gives its search route.
 */
export function offThread<Req, Buyer, Answer>(
  threads: SearchThreads | undefined,
  kind: SearchKind,
  now: () => Date,
  local: (req: Req, buyer: Buyer) => Promise<Answer>,
): (req: Req, buyer: Buyer) => Promise<Answer | SerializedAnswer> {
  return (req, buyer) => threads?.run(kind, req, buyer, now()) ?? local(req, buyer);
}
