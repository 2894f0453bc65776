/**
 * Lets the event loop read sockets and run timers before going on. Long computations call it between
 * units of work, so one caller's search never holds every other request (liveness among them).
 */
export function yieldNow(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
