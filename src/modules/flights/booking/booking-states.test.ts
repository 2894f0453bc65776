import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../http/app-error.ts';
import { allowedActions, transition } from './booking-states.ts';

describe('booking state machine', () => {
  it('moves a hold to confirmed, expired, cancelled or disrupted', () => {
    assert.equal(transition('held', 'confirm'), 'confirmed');
    assert.equal(transition('held', 'expire'), 'expired');
    assert.equal(transition('held', 'cancel'), 'cancelled');
    assert.equal(transition('confirmed', 'disrupt'), 'disrupted');
    assert.equal(transition('disrupted', 'cancel'), 'cancelled');
  });

  it('refuses what the state does not allow with INVALID_STATE_TRANSITION and the allowed actions', () => {
    for (const [status, action] of [
      ['confirmed', 'confirm'],
      ['cancelled', 'cancel'],
      ['expired', 'confirm'],
      ['confirmed', 'expire'],
    ] as const) {
      assert.throws(
        () => transition(status, action),
        (e: unknown) => {
          assert.ok(e instanceof AppError);
          assert.equal(e.code, 'INVALID_STATE_TRANSITION');
          assert.deepEqual(e.extras.allowed_actions, allowedActions(status));
          return true;
        },
      );
    }
  });

  it('offers clients only their own actions', () => {
    assert.deepEqual(allowedActions('held'), ['confirm', 'cancel', 'update']);
    assert.deepEqual(allowedActions('cancelled'), []);
  });
});
