import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { convert, REFERENCE_RATES } from '../money/index.ts';
import { AT_NET, basisPoints, commissionOn, markUp, termsOf } from './price-terms.ts';
import { type PricingRule, ruleFor, type Sale, specificity } from './pricing-rules.ts';

const unscoped: PricingRule = {
  id: 'prl_0001',
  name: 'everything',
  product: null,
  channel: null,
  agency_id: null,
  carrier: null,
  origin: null,
  destination: null,
  city_id: null,
  hotel_id: null,
  travel_from: null,
  travel_to: null,
  markup_bp: 0,
  markup_fixed_amount: 0,
  markup_fixed_currency: null,
  commission_bp: 0,
};
const rule = (id: string, scope: Partial<PricingRule>): PricingRule => ({
  ...unscoped,
  id,
  name: id,
  ...scope,
});

const flightSale: Sale = {
  product: 'flight',
  channel: 'agency',
  agency_id: 'agy_1',
  carrier: 'LH',
  origin: 'FRA',
  destination: 'JFK',
  travel_date: '2027-03-10',
};

describe('pricing rules', () => {
  it('picks the most specific rule that matches, the newest among equals', () => {
    const rules = [
      rule('prl_1', { product: 'flight' }),
      rule('prl_2', { product: 'flight', carrier: 'LH' }),
      rule('prl_3', { product: 'flight', carrier: 'LH', channel: 'customer' }),
      rule('prl_4', { product: 'hotel', carrier: 'LH', channel: 'agency' }),
      rule('prl_5', { carrier: 'LH', origin: 'FRA' }),
    ];
    // prl_3 names the customer channel, prl_4 the hotel product: neither matches.
    assert.equal(ruleFor(rules, flightSale)?.id, 'prl_5');
    assert.equal(ruleFor(rules, { ...flightSale, origin: 'MUC' })?.id, 'prl_2');
    assert.equal(ruleFor(rules, { ...flightSale, carrier: 'BA' })?.id, 'prl_1');
    assert.equal(ruleFor(rules, { ...flightSale, product: 'hotel', carrier: 'BA' }), undefined);
  });

  it('matches travel windows inclusively and counts a window as one scope', () => {
    const winter = rule('prl_1', { travel_from: '2027-01-01', travel_to: '2027-03-10' });
    assert.equal(specificity(winter), 1);
    assert.equal(ruleFor([winter], flightSale)?.id, 'prl_1');
    assert.equal(ruleFor([winter], { ...flightSale, travel_date: '2027-03-11' }), undefined);
    assert.equal(ruleFor([rule('prl_2', { travel_from: '2027-03-10' })], flightSale)?.id, 'prl_2');
  });

  it('the chosen rule always matches, and no matching rule is more specific or newer at equal rank', () => {
    const scopes = fc.record({
      product: fc.constantFrom(null, 'flight', 'hotel'),
      channel: fc.constantFrom(null, 'customer', 'agency'),
      carrier: fc.constantFrom(null, 'LH', 'BA'),
      origin: fc.constantFrom(null, 'FRA', 'LHR'),
      travel_from: fc.constantFrom(null, '2027-01-01', '2027-06-01'),
    });
    fc.assert(
      fc.property(fc.array(scopes, { maxLength: 12 }), (list) => {
        const rules = list.map((s, i) =>
          rule(`prl_${String(i).padStart(3, '0')}`, s as Partial<PricingRule>),
        );
        const chosen = ruleFor(rules, flightSale);
        const matching = rules.filter((r) => ruleFor([r], flightSale) !== undefined);
        if (!chosen) return matching.length === 0;
        return matching.every(
          (r) =>
            specificity(r) < specificity(chosen) ||
            (specificity(r) === specificity(chosen) && r.id <= chosen.id),
        );
      }),
    );
  });

  it('rounds basis points half away from zero, exactly, even where floats would not', () => {
    assert.equal(basisPoints(1, 5_000), 1);
    assert.equal(basisPoints(3, 5_000), 2);
    assert.equal(basisPoints(-3, 5_000), -2);
    assert.equal(basisPoints(12_345, 1_250), 1_543);
    assert.equal(basisPoints(9_007_199_254, 9_999), 9_006_298_534);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 100_000 }), (amount, bp) => {
        const exact = (BigInt(amount) * BigInt(bp) * 2n + 10_000n) / 20_000n;
        return BigInt(basisPoints(amount, bp)) === exact;
      }),
    );
    // Both sides of the largest product worked out in doubles, and negative amounts, against BigInt.
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }),
        fc.constantFrom(1, 3, 5_000, 9_999, 10_000, 12_345),
        (near, bp) => {
          const amount = Number((2n ** 52n + near) / BigInt(bp)) * (near % 2n === 0n ? 1 : -1);
          const product = BigInt(amount) * BigInt(bp);
          const abs = product < 0n ? -product : product;
          const rounded = (abs + 5_000n) / 10_000n;
          return Object.is(basisPoints(amount, bp), Number(product < 0n ? -rounded : rounded));
        },
      ),
    );
    assert.ok(Object.is(basisPoints(-1, 4_999), 0), 'no negative zero');
  });

  it('marks up never below the net, and a commission never above the selling amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e11 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 10_000 }),
        (net, markupBp, fixed, units, commissionBp) => {
          const terms = { ruleId: 'prl_1', ruleVersion: 1, markupBp, fixedPerUnit: fixed, commissionBp };
          const selling = markUp(net, terms, units);
          const commission = commissionOn(selling, terms);
          return selling >= net + fixed * units && commission >= 0 && commission <= selling;
        },
      ),
    );
    assert.equal(markUp(10_000, AT_NET, 3), 10_000);
  });

  it('converts a fixed markup to the price’s currency at its exponent, and pays commission only to agencies', () => {
    const fee = rule('prl_1', {
      markup_bp: 500,
      markup_fixed_amount: 1_000,
      markup_fixed_currency: 'EUR',
      commission_bp: 300,
    });
    const yen = termsOf(fee, 'JPY', REFERENCE_RATES, true);
    assert.equal(yen.fixedPerUnit, convert(REFERENCE_RATES, 1_000, 'EUR', 'JPY'));
    assert.ok(Number.isInteger(yen.fixedPerUnit) && yen.fixedPerUnit > 1_000);
    assert.equal(yen.commissionBp, 300);
    assert.equal(termsOf(fee, 'EUR', REFERENCE_RATES, false).commissionBp, 0);
    assert.equal(termsOf(fee, 'EUR', REFERENCE_RATES, false).fixedPerUnit, 1_000);
    assert.deepEqual(termsOf(undefined, 'EUR', REFERENCE_RATES, true), AT_NET);
  });
});
