import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AT_NET } from '../../pricing/index.ts';
import type { PriceBreakdown } from './fare-rules.ts';
import { sellingBySlice, sellingPrice, totalled } from './selling-price.ts';

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

describe('selling price by slice', () => {
  const slice = (adult: number, child: number, tax: number): PriceBreakdown =>
    totalled({
      currency: 'JPY',
      base_amount: 0,
      tax_amount: 0,
      total_amount: 0,
      passengers: [
        { type: 'adult', count: 2, base_amount: adult, tax_amount: tax, total_amount: adult + tax },
        { type: 'child', count: 1, base_amount: child, tax_amount: tax, total_amount: child + tax },
      ],
    });

  it('shares the marked-up base fares out by each slice’s net, adding up to the whole exactly', () => {
    const out = slice(20_000, 15_000, 3_000);
    const back = slice(10_001, 7_000, 1_000);
    const whole = sellingPrice(
      {
        ...totalled({ ...out, passengers: [] }),
        passengers: out.passengers.map((p, i) => ({
          ...p,
          base_amount: p.base_amount + back.passengers[i]!.base_amount,
          tax_amount: p.tax_amount + back.passengers[i]!.tax_amount,
          total_amount: p.total_amount + back.passengers[i]!.total_amount,
        })),
      },
      { ruleId: 'prl_1', ruleVersion: 1, markupBp: 1_000, fixedPerUnit: 777, commissionBp: 0 },
    ).price;
    const parts = sellingBySlice([out, back], totalled(whole));
    for (const type of ['adult', 'child']) {
      const [a, b] = parts.map((p) => p.passengers.find((x) => x.type === type)!);
      const w = whole.passengers.find((x) => x.type === type)!;
      assert.equal(a!.base_amount + b!.base_amount, w.base_amount, `${type} base adds up`);
      assert.ok(a!.base_amount > b!.base_amount * 1.9, `${type}: the dearer slice takes the larger share`);
    }
    assert.deepEqual(
      parts.map((p) => p.tax_amount),
      [out.tax_amount, back.tax_amount],
      'taxes stay with their slice',
    );
    assert.equal(parts[0]!.total_amount + parts[1]!.total_amount, totalled(whole).total_amount);
  });

  it('splits evenly when the net fares are all zero, the last slice taking the remainder', () => {
    const free = slice(0, 0, 0);
    const whole = totalled({
      ...free,
      passengers: free.passengers.map((p) => ({ ...p, base_amount: 1_001, total_amount: 1_001 })),
    });
    const parts = sellingBySlice([free, free], whole);
    assert.deepEqual(
      parts.map((p) => p.passengers[0]!.base_amount),
      [500, 501],
    );
  });
});
