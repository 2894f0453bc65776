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
