import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPassengerExtras } from './special-requests.ts';

const problems = (passenger: Parameters<typeof checkPassengerExtras>[0]) =>
  checkPassengerExtras(passenger, '/passengers/1').map((e) => [e.pointer, e.detail]);

describe('special requests and loyalty accounts', () => {
  it('takes a wheelchair, help and one meal for an adult, and accounts with several airlines', () => {
    assert.deepEqual(
      problems({
        type: 'adult',
        special_requests: ['WCHR', 'DEAF', 'VGML'],
        loyalty_accounts: [
          { airline: 'BA', number: '12345678' },
          { airline: 'AA', number: 'X1234567' },
        ],
      }),
      [],
    );
    assert.deepEqual(problems({ type: 'infant', special_requests: ['BBML'] }), []);
    assert.deepEqual(problems({ type: 'child', special_requests: ['CHML', 'WCHC'] }), []);
  });

  it('refuses one code twice, two wheelchairs, two meals, and a second account with one airline', () => {
    assert.deepEqual(problems({ type: 'adult', special_requests: ['VGML', 'VGML'] }), [
      ['/passengers/1/special_requests/1', 'is asked for twice'],
    ]);
    assert.match(
      problems({ type: 'adult', special_requests: ['WCHR', 'WCHC'] })[0]![1]!,
      /more than one kind of wheelchair/,
    );
    assert.match(
      problems({ type: 'adult', special_requests: ['KSML', 'GFML'] })[0]![1]!,
      /more than one meal/,
    );
    assert.deepEqual(
      problems({
        type: 'adult',
        loyalty_accounts: [
          { airline: 'BA', number: '1111' },
          { airline: 'BA', number: '2222' },
        ],
      }),
      [['/passengers/1/loyalty_accounts/1/airline', 'has a second account with this airline']],
    );
  });

  it('keeps baby meals for infants, child meals for children, and infants to a baby meal', () => {
    assert.match(problems({ type: 'adult', special_requests: ['BBML'] })[0]![1]!, /for an infant/);
    assert.match(problems({ type: 'adult', special_requests: ['CHML'] })[0]![1]!, /for a child/);
    assert.match(problems({ type: 'infant', special_requests: ['WCHR'] })[0]![1]!, /only a baby meal/);
  });
});
