import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isLocked, lockUntil, windowCutoff } from './lockout.ts';

const policy = { threshold: 3, windowSeconds: 60, lockoutSeconds: 300 };
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

describe('lockout rule', () => {
  it('locks for the lockout period once the count reaches the threshold', () => {
    assert.equal(lockUntil(2, at(0), policy), null);
    assert.deepEqual(lockUntil(3, at(0), policy), new Date(at(0).getTime() + 300_000));
    assert.deepEqual(lockUntil(7, at(0), policy), new Date(at(0).getTime() + 300_000));
  });

  it('is locked strictly before the lock ends', () => {
    const record = { failures: 0, windowStartedAt: at(0), lockedUntil: at(30) };
    assert.equal(isLocked(record, at(29)), true);
    assert.equal(isLocked(record, at(30)), false);
    assert.equal(isLocked(undefined, at(0)), false);
    assert.equal(isLocked({ ...record, lockedUntil: null }, at(0)), false);
  });

  it('forgets failures older than the window', () => {
    assert.deepEqual(windowCutoff(at(59), policy), new Date(at(59).getTime() - 60_000));
  });
});
