import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Fare } from '../inventory/flight-network.ts';
import { loadMultiplier, priceItinerary } from './fare-rules.ts';

const fare = (over: Partial<Fare> = {}): Fare => ({
  id: 'far_1',
  brand: 'light',
  currency: 'EUR',
  adult: 10_000,
  child: 7_500,
  infant: 1_000,
  tax: 2_000,
  infantTax: 500,
  checkedBags: 0,
  cabinBags: 1,
  change: { allowed: false, penalty: 0 },
  refund: { allowed: false, penalty: 0 },
  seatFees: { standard: 0, preferred: 0 },
  extraBags: null,
  ...over,
});

describe('fare rules', () => {
  it('sums each passenger type over the segments, with taxes apart', () => {
    const price = priceItinerary(
      [
        { fare: fare(), sold: 0, capacity: 100 },
        { fare: fare({ adult: 20_000, child: 15_000 }), sold: 10, capacity: 100 },
      ],
      { adults: 2, children: [5], infants: 1 },
    )!;
    assert.deepEqual(price.passengers, [
      { type: 'adult', count: 2, base_amount: 30_000, tax_amount: 4_000, total_amount: 34_000 },
      { type: 'child', count: 1, base_amount: 22_500, tax_amount: 4_000, total_amount: 26_500 },
      { type: 'infant', count: 1, base_amount: 2_000, tax_amount: 1_000, total_amount: 3_000 },
    ]);
    assert.equal(price.base_amount, 2 * 30_000 + 22_500 + 2_000);
    assert.equal(price.tax_amount, 2 * 4_000 + 4_000 + 1_000);
    assert.equal(price.total_amount, price.base_amount + price.tax_amount);
    assert.equal(price.currency, 'EUR');
  });

  it('raises the fare as the cabin fills, in buckets', () => {
    assert.equal(loadMultiplier(49, 100), 1);
    assert.equal(loadMultiplier(50, 100), 1.15);
    assert.equal(loadMultiplier(94, 100), 1.6);
    assert.equal(loadMultiplier(95, 100), 2);
    const empty = priceItinerary([{ fare: fare(), sold: 0, capacity: 100 }], {
      adults: 1,
      children: [],
      infants: 0,
    })!;
    const full = priceItinerary([{ fare: fare(), sold: 96, capacity: 100 }], {
      adults: 1,
      children: [],
      infants: 0,
    })!;
    assert.equal(full.base_amount, empty.base_amount * 2);
  });

  it('refuses to mix currencies or to price a cabin with no seats', () => {
    assert.equal(
      priceItinerary(
        [
          { fare: fare(), sold: 0, capacity: 10 },
          { fare: fare({ currency: 'USD' }), sold: 0, capacity: 10 },
        ],
        { adults: 1, children: [], infants: 0 },
      ),
      null,
    );
    assert.equal(
      priceItinerary([{ fare: fare(), sold: 0, capacity: 0 }], { adults: 1, children: [], infants: 0 }),
      null,
    );
  });
});
