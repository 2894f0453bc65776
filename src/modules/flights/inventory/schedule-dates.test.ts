import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scheduledOn } from './schedule-dates.ts';

describe('dates a schedule flies', () => {
  const weekdays = { valid_from: '2026-12-01', valid_to: '2026-12-31', days_of_week: '12345' };

  it('flies within its validity on its days only', () => {
    assert.equal(scheduledOn(weekdays, '2026-12-07'), true, 'a Monday');
    assert.equal(scheduledOn(weekdays, '2026-12-06'), false, 'a Sunday');
    assert.equal(scheduledOn(weekdays, '2026-11-30'), false, 'before it starts');
    assert.equal(scheduledOn(weekdays, '2027-01-01'), false, 'after it ends');
    assert.equal(scheduledOn(weekdays, '2026-12-31'), true, 'its last day, a Thursday');
  });
});
