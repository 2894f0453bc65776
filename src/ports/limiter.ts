import pLimit from 'p-limit';

/** Thrown when more work waits than the limiter accepts; callers answer "try again later". */
export class OverloadedError extends Error {
  constructor() {
    super('too many operations are waiting');
  }
}

/** Runs at most `concurrency` tasks at once (`p-limit`) and queues at most `queueLimit` more. */
export function createLimiter(concurrency: number, queueLimit: number) {
  const limit = pLimit(concurrency);
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (limit.activeCount >= concurrency && limit.pendingCount >= queueLimit) throw new OverloadedError();
    return limit(task);
  };
}
