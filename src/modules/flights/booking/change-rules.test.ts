import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mixOf, priceChange } from './change-rules.ts';

const base = {
  oldFares: 20_000,
  newFares: 20_000,
  penaltyPerPassenger: 5_000,
  seatedPassengers: 2,
  refundable: false,
  involuntary: false,
  seatFeesGivenUp: 0,
};

describe('change pricing', () => {
  it('charges a dearer ticket its fare difference and the penalty per seated passenger', () => {
    const p = priceChange({ ...base, newFares: 26_000 });
    assert.deepEqual(p, {
      fare_difference: 6_000,
      penalty: 10_000,
      forfeited_services: 0,
      residual_refund: 0,
      fees: 10_000,
    });
  });

  it('keeps the residual of a cheaper ticket on a non-refundable fare, gives it back on a refundable one', () => {
    const kept = priceChange({ ...base, newFares: 15_000 });
    assert.equal(kept.fare_difference, -5_000);
    assert.equal(kept.residual_refund, 0);
    assert.equal(kept.fees, 10_000 + 5_000, 'penalty and residual stay: the total never drops');
    const refunded = priceChange({ ...base, newFares: 15_000, refundable: true });
    assert.equal(refunded.residual_refund, 5_000);
    assert.equal(refunded.fees, 10_000);
  });

  it('does not refund seats chosen on flights given up', () => {
    assert.equal(priceChange({ ...base, seatFeesGivenUp: 3_900 }).fees, 10_000 + 3_900);
  });

  it('costs nothing after the airline’s change, whatever the fares now', () => {
    assert.deepEqual(priceChange({ ...base, newFares: 90_000, seatFeesGivenUp: 3_900, involuntary: true }), {
      fare_difference: 0,
      penalty: 0,
      forfeited_services: 0,
      residual_refund: 0,
      fees: 0,
    });
  });

  it('takes the passenger mix from the booking, children by their age on the first flight', () => {
    assert.deepEqual(
      mixOf(
        [
          { type: 'adult', born_on: '1980-01-01' },
          { type: 'child', born_on: '2019-06-15' },
          { type: 'infant', born_on: '2026-01-01' },
        ],
        '2026-12-01',
      ),
      { adults: 1, children: [7], infants: 1 },
    );
  });
});
