import { invalidField } from '../../../http/app-error.ts';
import { comparable, convert, type RateTable } from '../../money/index.ts';
import type { Buyer, TermsFor } from '../../pricing/index.ts';
import { atPercent, inOneCurrency, roundTripPercent } from './fare-rules.ts';
import { type Candidate, combinePrices, type SliceOption } from './offer-builder.ts';
import type { SearchFlightRequest } from './search-flight.schemas.ts';
import { flightSale, sellingPrice } from './selling-price.ts';

/** Slice options kept per slice: a slice alone keeps four times as many. */
export const PER_SLICE_OPTIONS = 64;

/** What a price is worth whatever its currency, through one rate table (for sorting and ranking). */
export type Worth = (price: { total_amount: number; currency: string }) => number;

export function worthIn(rates: RateTable): Worth {
  // One factor per currency, worked out once a search: a search ranks thousands of prices.
  const factors = new Map<string, number>();
  return (price) => {
    let factor = factors.get(price.currency);
    if (factor === undefined) {
      factor = comparable(rates, 1, price.currency);
      factors.set(price.currency, factor);
    }
    // A currency without a rate sorts last, whatever the amount (0 × ∞ would be NaN).
    return factor === Number.POSITIVE_INFINITY ? factor : price.total_amount * factor;
  };
}

/**
 * How slice options become offers and in what order: combined in one brand, sold at the buyer's price
 * (`pricing`), filtered by price and sorted.
 */
export function createOfferRanking(pricing: TermsFor) {
  /** The selling price of slice options together for the buyer; undefined when they cannot be priced together. */
  function sell(options: SliceOption[], buyer: Buyer, rates: RateTable) {
    const converted = inOneCurrency(
      options.map((o) => o.price),
      rates,
    );
    const prices = converted && atPercent(converted, roundTripPercent(options));
    const net = prices && combinePrices(prices);
    if (!net) return undefined;
    const sale = flightSale(options.map((o) => o.itinerary));
    return sellingPrice(net, pricing(sale, buyer, net.currency));
  }

  /** The cheap part of an offer: its price and sort keys, enough to filter, sort and page. */
  function candidate(
    options: SliceOption[],
    worth: Worth,
    buyer: Buyer,
    rates: RateTable,
  ): Candidate | undefined {
    const selling = sell(options, buyer, rates);
    if (!selling) return undefined;
    const { price, pricing: terms } = selling;
    const duration = options.reduce(
      (n, o) => n + (o.itinerary[o.itinerary.length - 1]!.arrivesAt - o.itinerary[0]!.departsAt),
      0,
    );
    return {
      options,
      price,
      pricing: terms,
      duration,
      departure: options[0]!.itinerary[0]!.departsAt,
      worth: worth(price),
    };
  }

  /**
   * The currency `max_total_amount` is in: the one asked for, or the one every offer found is priced in.
   * Offers priced in several currencies need it said.
   */
  function filterCurrency(req: SearchFlightRequest, priced: Candidate[]): string | undefined {
    if (req.max_total_amount === undefined) return undefined;
    if (req.currency) return req.currency;
    const currencies = new Set(priced.map((c) => c.price.currency));
    if (currencies.size <= 1) return [...currencies][0];
    throw invalidField(
      '/currency',
      `is needed to filter by price: the offers found are priced in ${[...currencies].sort().join(', ')}`,
    );
  }

  return {
    sell,
    /**
     * The offers of options per slice for the buyer, within `max_total_amount`, in the order asked for
     * (totals compared through the rates, so offers in several currencies still sort by what they cost);
     * `complete` is false when options were left out of the combinations.
     */
    rank(
      perSlice: SliceOption[][],
      req: SearchFlightRequest,
      buyer: Buyer,
      rates: RateTable,
      worth: Worth,
    ): { candidates: Candidate[]; complete: boolean } {
      const { combos, complete } = combine(perSlice);
      const priced = combos
        .map((c) => candidate(c, worth, buyer, rates))
        .filter((c): c is Candidate => c !== undefined);
      const unit = filterCurrency(req, priced);
      const candidates = priced.filter(
        (c) =>
          req.max_total_amount === undefined ||
          (convert(rates, c.price.total_amount, c.price.currency, unit!) ?? Number.POSITIVE_INFINITY) <=
            req.max_total_amount,
      );
      const sort = req.sort ?? 'price';
      candidates.sort((a, b) =>
        sort === 'duration'
          ? a.duration - b.duration || a.worth - b.worth
          : sort === 'departure'
            ? a.departure - b.departure || a.worth - b.worth
            : a.worth - b.worth || a.duration - b.duration,
      );
      return { candidates, complete };
    },
  };
}

/**
 * Offers: one option per slice, all in the same brand; few per slice when there are many slices.
 * `complete` is false when options were left out of the combinations.
 */
function combine(perSlice: SliceOption[][]): { combos: SliceOption[][]; complete: boolean } {
  const keep = Math.max(1, Math.floor(PER_SLICE_OPTIONS ** (1 / perSlice.length)));
  const brands = new Set(perSlice[0]?.map((o) => o.brand));
  const combos: SliceOption[][] = [];
  let complete = true;
  const cap = perSlice.length === 1 ? PER_SLICE_OPTIONS * 4 : keep;
  for (const brand of brands) {
    const all = perSlice.map((opts) => opts.filter((o) => o.brand === brand));
    if (all.some((l) => l.length === 0)) continue;
    if (all.some((l) => l.length > cap)) complete = false;
    let acc: SliceOption[][] = [[]];
    for (const list of all) acc = acc.flatMap((partial) => list.slice(0, cap).map((o) => [...partial, o]));
    combos.push(...acc);
  }
  return { combos, complete };
}

export type OfferRanking = ReturnType<typeof createOfferRanking>;
