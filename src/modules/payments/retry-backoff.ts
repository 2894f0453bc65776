/**
 * When a gateway operation that failed is tried again: 5 s, doubling, at most an hour apart. Money owed
 * to or by a card is never given up on; an operation that keeps failing is logged every time.
 */
export function nextAttemptAt(now: Date, attempts: number): string {
  const delayMs = Math.min(5_000 * 2 ** Math.min(attempts, 20), 3_600_000);
  return new Date(now.getTime() + delayMs).toISOString();
}
