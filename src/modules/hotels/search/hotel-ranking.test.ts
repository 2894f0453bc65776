import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HotelIndex } from './hotel-index.ts';
import { foundHotels } from './hotel-look.ts';
import { rankByWorth } from './hotel-ranking.ts';

/** Euros per unit of each currency's minor units, as a rate table would make them comparable. */
const PER_EURO_CENT: Record<string, number> = { EUR: 1, GBP: 1.2, JPY: 0.0062 };
const worth = (total: number, currency: string) => total * PER_EURO_CENT[currency]!;

/** Found hotels at these positions, their distances not yet measured. */
function foundAt(positions: number[]) {
  const found = foundHotels(positions.length);
  found.at.set(positions);
  found.distance.fill(Number.NaN);
  found.length = positions.length;
  return found;
}

/** Hotels `a`, `b`, `c` at positions 0–2, their options' totals and currencies given in order. */
function ranked(
  options: Array<Array<[number, string]>>,
  within?: (total: number, currency: string) => boolean,
) {
  const found = foundAt(options.map((_, at) => at));
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
  const index = {
    nameAt: (at: number) => `Hotel ${at}`,
    idAt: (at: number) => `h${at}`,
    starsAt: () => 3,
  } as unknown as HotelIndex;
  const ranking = rankByWorth(
    index,
    found,
    { totals, currencies, starts },
    { within, worth },
    'price',
    () => null,
  );
  return ranking.slice(0, ranking.length).map((e) => [e.id, e.worth]);
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

  it('ranks by each order asked, ties as before, the same whether read a page at a time or whole', () => {
    // 300 hotels on a few worths, stars, distances and names: ties at every level.
    const hotels = Array.from({ length: 300 }, (_, at) => ({
      at,
      total: 100 + ((at * 37) % 7) * 10,
      stars: 1 + ((at * 11) % 5),
      distance: ((at * 13) % 9) / 2,
      name: `Hotel ${String.fromCharCode(65 + ((at * 17) % 4))}`,
    }));
    // Distances measured when asked, as for a city's hotels.
    const found = foundAt(hotels.map((h) => h.at));
    const measure = (at: number) => hotels[at]!.distance;
    const options = {
      totals: hotels.map((h) => h.total),
      currencies: hotels.map(() => 'EUR'),
      starts: [...hotels.keys(), hotels.length],
    };
    const index = {
      nameAt: (at: number) => hotels[at]!.name,
      idAt: (at: number) => `h${at}`,
      starsAt: (at: number) => hotels[at]!.stars,
    } as unknown as HotelIndex;
    const byName = new Intl.Collator().compare;
    // What each order means, written as stable sorts: ties left in the order the hotels were found.
    const expected: Record<string, (a: (typeof hotels)[number], b: (typeof hotels)[number]) => number> = {
      price: (a, b) => a.total - b.total || byName(a.name, b.name),
      '-price': (a, b) => b.total - a.total || byName(a.name, b.name),
      stars: (a, b) => a.stars - b.stars || a.total - b.total,
      '-stars': (a, b) => b.stars - a.stars || a.total - b.total,
      distance: (a, b) => a.distance - b.distance || a.total - b.total,
    };
    for (const [sort, order] of Object.entries(expected)) {
      const want = [...hotels].sort(order).map((h) => `h${h.at}`);
      const paged = rankByWorth(index, found, options, { worth }, sort, measure);
      const pages = [paged.slice(0, 20), paged.slice(20, 40), paged.slice(40, 300)].flat();
      assert.deepEqual(
        pages.map((e) => e.id),
        want,
        sort,
      );
      const whole = rankByWorth(index, found, options, { worth }, sort, measure);
      assert.deepEqual(
        whole.slice(0, 300).map((e) => e.id),
        want,
        sort,
      );
      assert.equal(paged.slice(0, 1)[0], pages[0], 'an entry shown once is the one shown again');
    }
  });
});
