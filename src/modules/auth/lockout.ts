import { createHash } from 'node:crypto';

/**
 * The brute-force rule for one account (OWASP Authentication Cheat Sheet, "Account Lockout"):
 * `threshold` attempts counted within `windowSeconds` are all an account gets; a failure at the
 * threshold locks it for `lockoutSeconds`. Each attempt is reserved (counted) atomically before its
 * password is checked, so parallel guesses cannot all read a count below the threshold.
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

/** Whether a reserved attempt may have its password checked: not locked, and within the threshold. */
export function mayTry(reserved: FailureRecord, now: Date, policy: LockoutPolicy): boolean {
  return !isLocked(reserved, now) && reserved.failures <= policy.threshold;
}

/**
 * What failures count against: the account, whatever name or e-mail it was reached by; for a login that
 * names no account, a digest of the login (same length, same path, so nothing tells the two apart).
 */
export function attemptKey(account: { id: string } | undefined, login: string): string {
  return account ? `usr:${account.id}` : `login:${createHash('sha256').update(login).digest('base64url')}`;
}

/** Failures that started counting before this instant no longer count. */
export function windowCutoff(now: Date, policy: LockoutPolicy): Date {
  return new Date(now.getTime() - policy.windowSeconds * 1000);
}

/** When the account must stay locked until, after the failure that brought the count to `failures`. */
export function lockUntil(failures: number, now: Date, policy: LockoutPolicy): Date | null {
  return failures >= policy.threshold ? new Date(now.getTime() + policy.lockoutSeconds * 1000) : null;
}
