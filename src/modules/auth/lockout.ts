/** The brute-force rule for one account, as plain data; the repository stores it. */
export interface FailureRecord {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

export interface LockoutPolicy {
  threshold: number;
  windowSeconds: number;
  lockoutSeconds: number;
}

export function isLocked(record: FailureRecord | undefined, now: Date): boolean {
  return !!record?.lockedUntil && record.lockedUntil.getTime() > now.getTime();
}

/**
 * Counts one more failed sign-in. Failures older than the window start a new count; reaching the
 * threshold inside the window locks the account for `lockoutSeconds` (OWASP Authentication
 * Cheat Sheet, "Account Lockout").
 */
export function afterFailure(
  record: FailureRecord | undefined,
  now: Date,
  policy: LockoutPolicy,
): FailureRecord {
  const windowOpen =
    record !== undefined && now.getTime() - record.windowStartedAt.getTime() < policy.windowSeconds * 1000;
  const failures = windowOpen ? record.failures + 1 : 1;
  const windowStartedAt = windowOpen ? record.windowStartedAt : now;
  const lockedUntil =
    failures >= policy.threshold ? new Date(now.getTime() + policy.lockoutSeconds * 1000) : null;
  return {
    failures: lockedUntil ? 0 : failures,
    windowStartedAt: lockedUntil ? now : windowStartedAt,
    lockedUntil,
  };
}
