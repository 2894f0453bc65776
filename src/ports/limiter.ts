/** Thrown when more work waits than the limiter accepts; callers answer "try again later". */
export class OverloadedError extends Error {
  constructor() {
    super('too many operations are waiting');
  }
}

/** Runs at most `concurrency` tasks at once and queues at most `queueLimit` more. */
export function createLimiter(concurrency: number, queueLimit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= queueLimit) throw new OverloadedError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      release();
    }
  };
}
