import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HotelIndex } from './hotel-index.ts';
import { rankByWorth } from './hotel-ranking.ts';

/** Euros per unit of each currency's minor units, as a rate table would make them comparable. */
const PER_EURO_CENT: Record<string, number> = { EUR: 1, GBP: 1.2, JPY: 0.0062 };
const worth = (total: number, currency: string) => total * PER_EURO_CENT[currency]!;

/** Hotels `a`, `b`, `c` at positions 0–2, their options' totals and currencies given in order. */
function ranked(
  options: Array<Array<[number, string]>>,
  within?: (total: number, currency: string) => boolean,
) {
  const views = options.map((_, at) => ({ view: { id: `h${at}`, stars: 3 }, at, distance: null }));
  const totals: number[] = [];
  const currencies: string[] = [];
  const starts: number[] = [];
  for (const hotel of options) {
    starts.push(totals.length);
    for (const [total, currency] of hotel) {
      totals.push(total);
      currencies.push(currency);
    }
  }
  starts.push(totals.length);
  const index = { nameAt: (at: number) => `Hotel ${at}` } as unknown as HotelIndex;
  return rankByWorth(
    index,
    views as unknown as Parameters<typeof rankByWorth>[1],
    { totals, currencies, starts },
    { within, worth },
    'price',
  ).map((e) => [e.id, e.worth]);
}

describe('a hotel ranked by the worth of its cheapest option', () => {
  it('takes the least of its options in one currency', () => {
    assert.deepEqual(
      ranked([
        [
          [500, 'EUR'],
          [300, 'EUR'],
          [400, 'EUR'],
        ],
      ]),
      [['h0', 300]],
    );
  });

  it('takes the least worth across its currencies, whichever comes first', () => {
    // h0: its least GBP (80, worth 96) loses to its least EUR (90, worth 90), the currency seen second.
    assert.deepEqual(
      ranked([
        [
          [100, 'GBP'],
          [200, 'EUR'],
          [80, 'GBP'],
          [90, 'EUR'],
        ],
        [
          [90, 'EUR'],
          [70, 'GBP'],
          [20_000, 'JPY'],
        ],
      ]),
      [
        ['h1', 84],
        ['h0', 90],
      ],
    );
  });

  it('leaves out the options the price filter refuses, and a hotel left with none', () => {
    const under100 = (total: number) => total < 100;
    assert.deepEqual(
      ranked(
        [
          [
            [50, 'GBP'],
            [95, 'EUR'],
          ],
          [
            [150, 'EUR'],
            [120, 'GBP'],
          ],
          [
            [200, 'GBP'],
            [99, 'EUR'],
          ],
        ],
        under100,
      ),
      [
        ['h0', 60],
        ['h2', 99],
      ],
    );
  });
});
