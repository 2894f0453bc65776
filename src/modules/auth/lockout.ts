/**
 * The brute-force rule for one account (OWASP Authentication Cheat Sheet, "Account Lockout"):
 * `threshold` failures counted within `windowSeconds` lock the account for `lockoutSeconds`.
 * The count itself is kept atomically by the repository, so parallel guesses cannot slip past it.
 */
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

/** Failures that started counting before this instant no longer count. */
export function windowCutoff(now: Date, policy: LockoutPolicy): Date {
  return new Date(now.getTime() - policy.windowSeconds * 1000);
}

/** When the account must stay locked until, after the failure that brought the count to `failures`. */
export function lockUntil(failures: number, now: Date, policy: LockoutPolicy): Date | null {
  return failures >= policy.threshold ? new Date(now.getTime() + policy.lockoutSeconds * 1000) : null;
}
