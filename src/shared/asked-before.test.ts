import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAskedBefore } from './asked-before.ts';

describe('asked before', () => {
  it('tells a question asked before from a new one', () => {
    const asked = createAskedBefore();
    assert.equal(asked.check('LHR-JFK 2027-05-01'), false);
    assert.equal(asked.check('LHR-JFK 2027-05-01'), true);
    assert.equal(asked.check('LHR-JFK 2027-05-02'), false);
    assert.equal(asked.check('LHR-JFK 2027-05-01'), true, 'another question in between');
  });

  it('forgets the older questions once many new ones have taken their slots, in a fixed table', () => {
    const asked = createAskedBefore(1 << 4);
    asked.check('first');
    for (let i = 0; i < 1_000; i++) asked.check(`q${i}`);
    assert.equal(asked.check('q999'), true, 'the last one is still known');
    assert.equal(asked.check('first'), false);
  });

  it('refuses a table whose size is not a power of two', () => {
    assert.throws(() => createAskedBefore(1000), /power of two/);
  });
});
