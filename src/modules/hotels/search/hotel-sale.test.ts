import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AT_NET, type TermsFor } from '../../pricing/index.ts';
import { planTermsFor } from './hotel-sale.ts';

describe('hotel pricing terms', () => {
  const seen: unknown[] = [];
  const pricing: TermsFor = (sale, buyer, currency) => {
    seen.push({ sale, buyer, currency });
    return { ruleId: 'prl_1', ruleVersion: 1, markupBp: 1_000, fixedPerUnit: 0, commissionBp: 300 };
  };
  const hotel = { id: 'htl_1', city_id: 'cty_1' };

  it('asks the rules for a rate paid now, by hotel, city and check-in, for the buyer', () => {
    const terms = planTermsFor(pricing, { agencyId: 'agy_1' })(
      hotel,
      { currency: 'GBP', payment_type: 'pay_now' },
      '2027-02-01',
    );
    assert.equal(terms.ruleId, 'prl_1');
    assert.deepEqual(seen.at(-1), {
      sale: { product: 'hotel', city_id: 'cty_1', hotel_id: 'htl_1', travel_date: '2027-02-01' },
      buyer: { agencyId: 'agy_1' },
      currency: 'GBP',
    });
  });

  it('sells a rate paid at the hotel at the hotel’s price: no money passes through to mark up', () => {
    const before = seen.length;
    const terms = planTermsFor(pricing, { agencyId: 'agy_1' })(
      hotel,
      { currency: 'GBP', payment_type: 'pay_at_hotel' },
      '2027-02-01',
    );
    assert.deepEqual(terms, AT_NET);
    assert.equal(seen.length, before);
  });
});
