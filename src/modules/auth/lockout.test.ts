import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { afterFailure, isLocked } from './lockout.ts';

const policy = { threshold: 3, windowSeconds: 60, lockoutSeconds: 300 };
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

describe('lockout rule', () => {
  it('locks the account when the threshold is reached inside the window', () => {
    let r = afterFailure(undefined, at(0), policy);
    r = afterFailure(r, at(10), policy);
    assert.equal(isLocked(r, at(11)), false);
    r = afterFailure(r, at(20), policy);
    assert.equal(isLocked(r, at(21)), true);
    assert.deepEqual(r.lockedUntil, new Date(at(20).getTime() + 300_000));
  });

  it('unlocks once the lockout has passed', () => {
    let r = afterFailure(undefined, at(0), policy);
    r = afterFailure(r, at(1), policy);
    r = afterFailure(r, at(2), policy);
    assert.equal(isLocked(r, new Date(at(2).getTime() + 299_000)), true);
    assert.equal(isLocked(r, new Date(at(2).getTime() + 300_000)), false);
  });

  it('starts a new count when failures are further apart than the window', () => {
    let r = afterFailure(undefined, at(0), policy);
    r = afterFailure(r, at(30), policy);
    r = afterFailure(r, new Date(at(0).getTime() + 61_000), policy);
    assert.equal(r.failures, 1);
    assert.equal(isLocked(r, new Date(at(0).getTime() + 62_000)), false);
  });
});
