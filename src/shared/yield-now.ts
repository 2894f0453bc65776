/**
 * Lets the event loop read sockets and run timers before going on. Long computations call it between
 * units of work, so one caller's search never holds every other request (liveness among them).
 */
export function yieldNow(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** `list.map(f)`, yielding to the event loop every `perTurn` items. */
export async function mapInTurns<T, U>(list: readonly T[], f: (item: T) => U, perTurn = 2_000): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < list.length; i++) {
    if (i > 0 && i % perTurn === 0) await yieldNow();
    out.push(f(list[i]!));
  }
  return out;
}

/**
 * Work written once for both ways of running it: a generator that `yield`s between units of work and
 * returns its result. `runAtOnce` drains it in one go; `runInTurns` lets the event loop in at each yield.
 */
export type Work<T> = Generator<void, T, void>;

/** Runs work to its end without giving the event loop a turn (a test, a command-line tool). */
export function runAtOnce<T>(work: Work<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Runs work to its end, yielding to the event loop wherever it yields (a server). */
export async function runInTurns<T>(work: Work<T>): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    await yieldNow();
  }
}
