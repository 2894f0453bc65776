/**
 * When an outbox row whose attempt failed is tried again. Two shapes, one rule for both: a `schedule`
 * of delays (the n-th retry waits the n-th delay; after the last the row is dead, e.g. a webhook after
 * about three days), or a `backoff` that doubles from `firstMs` up to `maxMs` and never gives up (money
 * owed to or by a card). Every delay is jittered by up to `jitter` either way, so that rows failing
 * together (an endpoint or a gateway that was down) are not all tried again at the same moment.
 */
export type RetryPolicy =
  | { kind: 'schedule'; delaysSeconds: readonly number[]; jitter: number }
  | { kind: 'backoff'; firstMs: number; maxMs: number; jitter: number };

/** Doublings after which a backoff is at its longest anyway (and 2^n stays a small number). */
const MAX_DOUBLINGS = 30;

/**
 * The instant of the next attempt after `failedAttempts` failed ones (1 after the first failure), or
 * undefined when the policy gives up: the row is dead. `random` in [0, 1).
 */
export function nextAttemptAt(
  policy: RetryPolicy,
  failedAttempts: number,
  now: Date,
  random: () => number,
): Date | undefined {
  const delayMs =
    policy.kind === 'schedule'
      ? secondsToMs(policy.delaysSeconds[failedAttempts - 1])
      : Math.min(
          policy.firstMs * 2 ** Math.min(Math.max(failedAttempts - 1, 0), MAX_DOUBLINGS),
          policy.maxMs,
        );
  if (delayMs === undefined) return undefined;
  const jittered = delayMs * (1 + (random() * 2 - 1) * policy.jitter);
  return new Date(now.getTime() + Math.round(jittered));
}

const secondsToMs = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds * 1000);
