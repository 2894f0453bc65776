/**
 * When to try a failed delivery again: the n-th retry waits the n-th delay of the schedule, give or
 * take a tenth (jitter, so that endpoints coming back are not hit by every retry at once). After the
 * last delay the delivery has failed for good.
 */
export function nextAttemptAt(
  failedAttempts: number,
  scheduleSeconds: readonly number[],
  now: Date,
  random: () => number,
): Date | undefined {
  const delay = scheduleSeconds[failedAttempts - 1];
  if (delay === undefined) return undefined;
  const jitter = 1 + (random() * 2 - 1) * 0.1;
  return new Date(now.getTime() + Math.round(delay * 1000 * jitter));
}
