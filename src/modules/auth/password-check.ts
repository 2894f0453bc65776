import type { Clock } from '../../ports/clock.ts';
import type { PasswordHasher } from '../../ports/password-hasher.ts';
import { type LockoutPolicy, lockUntil, mayTry, windowCutoff } from './lockout.ts';
import type { LoginFailuresRepository } from './login-failures-repository.ts';

/**
 * One password guess against an account's lockout (lockout.ts): counted before it is checked; without a
 * hash to check (no such account) or when the count forbids checking, the same hashing work is burnt.
 * Only a checked password that failed can lock: guesses refused unchecked (locked, or beyond the threshold
 * while others are in flight) say nothing about the password. A right one clears the count. The hasher's
 * OverloadedError passes through, the guess still counted.
 */
export function createPasswordCheck(deps: {
  loginFailures: LoginFailuresRepository;
  hasher: PasswordHasher;
  clock: Clock;
  lockout: LockoutPolicy;
}) {
  return async function check(
    key: string,
    passwordHash: string | undefined,
    password: string,
  ): Promise<{ ok: boolean; lockedNow: boolean }> {
    const now = deps.clock.now();
    const reserved = await deps.loginFailures.reserveAttempt(key, now, windowCutoff(now, deps.lockout));
    const allowed = mayTry(reserved, now, deps.lockout);
    let ok = false;
    if (passwordHash !== undefined && allowed) ok = await deps.hasher.verify(passwordHash, password);
    else await deps.hasher.burn(password);
    if (ok) {
      await deps.loginFailures.clear(key);
      return { ok, lockedNow: false };
    }
    const until = allowed ? lockUntil(reserved.failures, now, deps.lockout) : null;
    if (until) await deps.loginFailures.lock(key, until);
    return { ok, lockedNow: until !== null };
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;
