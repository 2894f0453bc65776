import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AT_NET } from '../../pricing/index.ts';
import type { PriceBreakdown } from './fare-rules.ts';
import { sellingPrice } from './selling-price.ts';

const net: PriceBreakdown = {
  currency: 'JPY',
  base_amount: 2 * 30_000 + 22_500 + 3_000,
  tax_amount: 3 * 4_000 + 500,
  total_amount: 85_500 + 12_500,
  passengers: [
    { type: 'adult', count: 2, base_amount: 30_000, tax_amount: 4_000, total_amount: 34_000 },
    { type: 'child', count: 1, base_amount: 22_500, tax_amount: 4_000, total_amount: 26_500 },
    { type: 'infant', count: 1, base_amount: 3_000, tax_amount: 500, total_amount: 3_500 },
  ],
};

describe('flight selling price', () => {
  it('marks up each passenger’s base fare, adds the fixed markup per passenger, leaves taxes alone', () => {
    const terms = { ruleId: 'prl_1', ruleVersion: 2, markupBp: 750, fixedPerUnit: 1_000, commissionBp: 500 };
    const { price, pricing } = sellingPrice(net, terms);
    // 7.5 %: 30 000 → +2 250; 22 500 → +1 687.5 → 1 688 (half away from zero); 3 000 → +225.
    assert.deepEqual(
      price.passengers.map((p) => [p.type, p.base_amount, p.tax_amount, p.total_amount]),
      [
        ['adult', 33_250, 4_000, 37_250],
        ['child', 25_188, 4_000, 29_188],
        ['infant', 4_225, 500, 4_725],
      ],
    );
    const base = 2 * 33_250 + 25_188 + 4_225;
    assert.deepEqual(
      [price.base_amount, price.tax_amount, price.total_amount],
      [base, 12_500, base + 12_500],
    );
    assert.deepEqual(pricing, {
      rule_id: 'prl_1',
      rule_version: 2,
      net_amount: net.total_amount,
      markup_amount: price.total_amount - net.total_amount,
      commission_amount: Math.round(base * 0.05),
    });
  });

  it('sells at the net when no rule applies', () => {
    const { price, pricing } = sellingPrice(net, AT_NET);
    assert.deepEqual(price, net);
    assert.deepEqual([pricing.markup_amount, pricing.commission_amount], [0, 0]);
  });
});
