import {
  commissionOn,
  markUp,
  type PriceTerms,
  type PricingRecord,
  pricingRecord,
} from '../../pricing/index.ts';
import type { PriceBreakdown } from './fare-rules.ts';
import type { Itinerary } from './itinerary-search.ts';

/** An offer's price as sold, and how it was made from the net. */
export interface Selling {
  price: PriceBreakdown;
  pricing: PricingRecord;
}

/**
 * The selling price of a net offer price: each passenger's base fare marked up (the fixed markup once per
 * passenger), taxes unchanged; the commission is on the selling base fares.
 */
export function sellingPrice(net: PriceBreakdown, terms: PriceTerms): Selling {
  // Most offers of most searches meet no rule: keep the net as it is (a search prices thousands).
  if (terms.markupBp === 0 && terms.fixedPerUnit === 0 && terms.commissionBp === 0)
    return { price: net, pricing: pricingRecord(terms, net.total_amount, net.total_amount, 0) };
  const passengers = net.passengers.map((p) => {
    const base = markUp(p.base_amount, terms, 1);
    return { ...p, base_amount: base, total_amount: base + p.tax_amount };
  });
  const base = passengers.reduce((n, p) => n + p.base_amount * p.count, 0);
  const price = { ...net, base_amount: base, total_amount: base + net.tax_amount, passengers };
  return {
    price,
    pricing: pricingRecord(terms, net.total_amount, price.total_amount, commissionOn(base, terms)),
  };
}

/** What a pricing rule is matched against for a trip: the first slice's carrier, route and date. */
export function flightSale(slices: ReadonlyArray<Itinerary>) {
  const first = slices[0]!;
  const departure = first[0]!;
  return {
    product: 'flight' as const,
    carrier: departure.schedule.carrier,
    origin: departure.schedule.origin.iata,
    destination: first[first.length - 1]!.schedule.destination.iata,
    travel_date: departure.date,
  };
}

/**
 * Each slice's share of a selling price: per passenger type, the selling base fare shared out in
 * proportion to each slice's net base fare (the last slice takes what rounding leaves), each slice's
 * taxes as they are. The slices add up to the whole exactly, so a slice given up gives back its own.
 */
export function sellingBySlice(net: readonly PriceBreakdown[], selling: PriceBreakdown): PriceBreakdown[] {
  const shares = net.map((slice) => ({ ...slice, passengers: slice.passengers.map((p) => ({ ...p })) }));
  for (const whole of selling.passengers) {
    const parts = shares.map((s) => s.passengers.find((p) => p.type === whole.type)!);
    const netBase = parts.reduce((n, p) => n + p.base_amount, 0);
    let left = whole.base_amount;
    parts.forEach((p, i) => {
      const base =
        i === parts.length - 1
          ? left
          : netBase === 0
            ? Math.floor(whole.base_amount / parts.length)
            : Number((BigInt(whole.base_amount) * BigInt(p.base_amount)) / BigInt(netBase));
      left -= base;
      p.base_amount = base;
      p.total_amount = base + p.tax_amount;
    });
  }
  return shares.map(totalled);
}

/** A breakdown's totals made from its passenger lines. */
export function totalled(price: PriceBreakdown): PriceBreakdown {
  const base = price.passengers.reduce((n, p) => n + p.base_amount * p.count, 0);
  const tax = price.passengers.reduce((n, p) => n + p.tax_amount * p.count, 0);
  return { ...price, base_amount: base, tax_amount: tax, total_amount: base + tax };
}
