import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REFERENCE_RATES } from '../../money/index.ts';
import { farePricingOf } from '../inventory/fare-calendar.ts';
import type { Fare } from '../inventory/flight-network.ts';
import {
  atPercent,
  type FaredSlice,
  inOneCurrency,
  loadMultiplier,
  priceItinerary,
  roundTripPercent,
} from './fare-rules.ts';

const SALE = { saleDate: '2027-03-01', rates: REFERENCE_RATES };
const ONE = { adults: 1, children: [], infants: 0 };
/** A Wednesday outside any season, long enough ahead for any advance-purchase row below. */
const DATE = '2027-05-05';

const fare = (over: Partial<Fare> = {}): Fare => ({
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
  pricing: null,
  ...over,
});

describe('fare rules', () => {
  it('sums each passenger type over the segments, with taxes apart', () => {
    const price = priceItinerary(
      [
        { fare: fare(), sold: 0, capacity: 100, date: DATE },
        { fare: fare({ adult: 20_000, child: 15_000 }), sold: 10, capacity: 100, date: DATE },
      ],
      { adults: 2, children: [5], infants: 1 },
      SALE,
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
    const empty = priceItinerary([{ fare: fare(), sold: 0, capacity: 100, date: DATE }], ONE, SALE)!;
    const full = priceItinerary([{ fare: fare(), sold: 96, capacity: 100, date: DATE }], ONE, SALE)!;
    assert.equal(full.base_amount, empty.base_amount * 2);
  });

  it("prices a journey in its first fare's currency, converting the others, and not a full cabin", () => {
    const mixed = priceItinerary(
      [
        { fare: fare(), sold: 0, capacity: 10, date: DATE },
        { fare: fare({ currency: 'JPY', adult: 18_000, tax: 3_000 }), sold: 0, capacity: 10, date: DATE },
      ],
      ONE,
      SALE,
    )!;
    const yen = REFERENCE_RATES.perEuro.get('JPY')!;
    assert.equal(mixed.currency, 'EUR');
    assert.equal(mixed.base_amount, 10_000 + Math.round(18_000 / yen) * 100);
    assert.equal(mixed.tax_amount, 2_000 + Math.round(3_000 / yen) * 100);
    const noRate = { ...SALE, rates: { asOf: '2027-01-01', perEuro: new Map<string, number>() } };
    assert.equal(
      priceItinerary(
        [
          { fare: fare(), sold: 0, capacity: 10, date: DATE },
          { fare: fare({ currency: 'JPY' }), sold: 0, capacity: 10, date: DATE },
        ],
        ONE,
        noRate,
      ),
      null,
    );
    assert.equal(priceItinerary([{ fare: fare(), sold: 0, capacity: 0, date: DATE }], ONE, SALE), null);
  });

  it("puts the slices of a trip in the first one's currency, lines and totals agreeing", () => {
    const out = priceItinerary([{ fare: fare(), sold: 0, capacity: 10, date: DATE }], ONE, SALE)!;
    const back = priceItinerary(
      [{ fare: fare({ currency: 'GBP', adult: 9_000 }), sold: 0, capacity: 10, date: DATE }],
      ONE,
      SALE,
    )!;
    const [a, b] = inOneCurrency([out, back], SALE.rates)!;
    assert.equal(a, out);
    assert.equal(b!.currency, 'EUR');
    assert.ok(b!.base_amount > 9_000, 'a pound is worth more than a euro');
    assert.equal(b!.total_amount, b!.passengers[0]!.total_amount);
  });

  it('moves with the calendar: dearer close to departure, on busy weekdays and in season', () => {
    const pricing = farePricingOf(
      JSON.stringify({
        advance_purchase: [
          { min_days: 0, percent: 160 },
          { min_days: 60, percent: 80 },
          { min_days: 14, percent: 100 },
        ],
        weekdays: { '5': 110 },
        seasons: [{ from: '12-18', to: '01-06', percent: 125 }],
      }),
    );
    const priced = (date: string, saleDate: string) =>
      priceItinerary([{ fare: fare({ pricing }), sold: 0, capacity: 100, date }], ONE, { ...SALE, saleDate })!
        .base_amount;
    // Wednesday 5 May 2027: 65, 30 and 2 days ahead.
    assert.equal(priced(DATE, '2027-03-01'), 8_000);
    assert.equal(priced(DATE, '2027-04-05'), 10_000);
    assert.equal(priced(DATE, '2027-05-03'), 16_000);
    // Friday 7 May, 30 days ahead: the weekday on top.
    assert.equal(priced('2027-05-07', '2027-04-07'), 11_000);
    // Sunday 2 January 2028, across the new year's season, 30 days ahead.
    assert.equal(priced('2028-01-02', '2027-12-03'), 12_500);
    // Without pricing the fare is as filed, whatever the day.
    assert.equal(
      priceItinerary([{ fare: fare(), sold: 0, capacity: 100, date: DATE }], ONE, {
        ...SALE,
        saleDate: '2027-05-04',
      })!.base_amount,
      10_000,
    );
  });
});

describe('round trips', () => {
  const airport = (iata: string, city: string | null) => ({ iata, city_id: city });
  const leg = (
    carrier: string,
    from: ReturnType<typeof airport>,
    to: ReturnType<typeof airport>,
    percent?: number,
  ) =>
    ({
      itinerary: [{ schedule: { carrier, origin: from, destination: to } }],
      fares: [{ pricing: percent === undefined ? null : { round_trip_percent: percent } }],
    }) as unknown as FaredSlice;
  const lhr = airport('LHR', 'cty_london');
  const lgw = airport('LGW', 'cty_london');
  const dub = airport('DUB', 'cty_dublin');
  const ork = airport('ORK', 'cty_cork');

  it('prices out and back between two cities on one airline at the fares’ return percent, the highest', () => {
    assert.equal(roundTripPercent([leg('BA', lhr, dub, 80), leg('BA', dub, lhr, 80)]), 80);
    assert.equal(
      roundTripPercent([leg('BA', lhr, dub, 80), leg('BA', dub, lgw, 90)]),
      90,
      'London either way',
    );
  });

  it('prices anything else one way at a time', () => {
    assert.equal(roundTripPercent([leg('BA', lhr, dub, 80), leg('EI', dub, lhr, 80)]), 100, 'two airlines');
    assert.equal(roundTripPercent([leg('BA', lhr, dub, 80), leg('BA', ork, lhr, 80)]), 100, 'an open jaw');
    assert.equal(
      roundTripPercent([leg('BA', lhr, dub, 80), leg('BA', dub, lhr)]),
      100,
      'a fare with no return price',
    );
    assert.equal(roundTripPercent([leg('BA', lhr, dub, 80)]), 100, 'one way');
  });

  it('takes the percent off the base only, to whole hundreds, taxes untouched', () => {
    const price = {
      currency: 'GBP',
      base_amount: 12_345 * 2,
      tax_amount: 1_500 * 2,
      total_amount: 13_845 * 2,
      passengers: [
        { type: 'adult' as const, count: 2, base_amount: 12_345, tax_amount: 1_500, total_amount: 13_845 },
      ],
    };
    const [at80] = atPercent([price], 80);
    assert.deepEqual(at80!.passengers[0], {
      type: 'adult',
      count: 2,
      base_amount: 9_900,
      tax_amount: 1_500,
      total_amount: 11_400,
    });
    assert.equal(at80!.total_amount, 2 * 11_400);
    assert.deepEqual(atPercent([price], 100), [price]);
  });
});
