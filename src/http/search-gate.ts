import { AppError } from './app-error.ts';
import { overloaded } from './load-shedding.ts';

export interface SearchGateLimits {
  /** Searches running at once in this process; more wait their turn. */
  concurrency: number;
  /** Searches that may wait; beyond it a search is shed with 503 at once. */
  queueLimit: number;
  /** Searches one account may have running or waiting at once; beyond it 429. */
  perClient: number;
  /** How long a search may wait for its turn before it is shed with 503. */
  maxWaitMs: number;
}

/**
 * Admission for expensive searches, per process. A search counts against its account (so one account
 * cannot take every turn) and against the process (so the queue stays short enough to answer while
 * the answer is still wanted). Turns are handed on through `setImmediate`, so sockets (liveness among
 * them) are read between one search and the next.
 */
export function createSearchGate(limits: SearchGateLimits) {
  let running = 0;
  const waiting: Array<{ start: () => void }> = [];
  const perClient = new Map<string, number>();

  function release(): void {
    const next = waiting.shift();
    if (next) setImmediate(next.start);
    else running -= 1;
  }

  function turn(): Promise<void> {
    if (running < limits.concurrency) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= limits.queueLimit)
      return Promise.reject(overloaded('Too many searches are waiting; retry shortly', 1));
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = waiting.indexOf(entry);
        if (at < 0) return; // its turn was handed to it in the meantime
        waiting.splice(at, 1);
        reject(overloaded('The search waited too long for its turn; retry shortly', 1));
      }, limits.maxWaitMs);
      waiting.push(entry);
    });
  }

  return {
    /** Runs `search` for `client` when its turn comes, or refuses it with 429 or 503. */
    async run<T>(client: string, search: () => Promise<T>): Promise<T> {
      const mine = perClient.get(client) ?? 0;
      if (mine >= limits.perClient)
        throw new AppError(
          'RATE_LIMITED',
          `At most ${limits.perClient} searches at once per account; send the next when one has answered`,
          { retry_after_seconds: 1 },
          { 'retry-after': '1' },
        );
      perClient.set(client, mine + 1);
      try {
        await turn();
        try {
          return await search();
        } finally {
          release();
        }
      } finally {
        const left = (perClient.get(client) ?? 1) - 1;
        if (left === 0) perClient.delete(client);
        else perClient.set(client, left);
      }
    },
    /** Searches running and waiting now. */
    load: () => ({ running, waiting: waiting.length }),
  };
}

export type SearchGate = ReturnType<typeof createSearchGate>;
