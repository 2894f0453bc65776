import type { Fare } from '../inventory/flight-network.ts';

export interface PassengerMix {
  adults: number;
  /** Ages of children, 2 to 11. */
  children: number[];
  /** Infants under 2, on an adult's lap: no seat. */
  infants: number;
}

export const seatsNeeded = (mix: PassengerMix) => mix.adults + mix.children.length;

/**
 * Fares rise as a cabin fills, in buckets, as airlines' booking classes do: below half full the
 * published fare, then +15 %, +35 %, +60 % and +100 % when 95 % is sold. The bucket comes from seats
 * sold before this sale, so the price a search shows and the price a booking pays agree unless
 * someone else bought in between.
 */
export function loadMultiplier(sold: number, capacity: number): number {
  if (capacity <= 0) return Number.POSITIVE_INFINITY;
  const load = sold / capacity;
  if (load < 0.5) return 1;
  if (load < 0.7) return 1.15;
  if (load < 0.85) return 1.35;
  if (load < 0.95) return 1.6;
  return 2;
}

const toHundreds = (amount: number) => Math.round(amount / 100) * 100;

export interface PassengerPrice {
  type: 'adult' | 'child' | 'infant';
  count: number;
  base_amount: number;
  tax_amount: number;
  total_amount: number;
}

export interface SegmentPricing {
  fare: Fare;
  sold: number;
  capacity: number;
}

export interface PriceBreakdown {
  currency: string;
  base_amount: number;
  tax_amount: number;
  total_amount: number;
  passengers: PassengerPrice[];
}

/** The price of one itinerary for a passenger mix: each segment's fare for its load, summed. */
export function priceItinerary(
  segments: readonly SegmentPricing[],
  mix: PassengerMix,
): PriceBreakdown | null {
  const currency = segments[0]?.fare.currency;
  if (!currency || segments.some((s) => s.fare.currency !== currency)) return null;
  const per = { adult: { base: 0, tax: 0 }, child: { base: 0, tax: 0 }, infant: { base: 0, tax: 0 } };
  for (const { fare, sold, capacity } of segments) {
    const m = loadMultiplier(sold, capacity);
    if (!Number.isFinite(m)) return null;
    per.adult.base += toHundreds(fare.adult * m);
    per.adult.tax += fare.tax;
    per.child.base += toHundreds(fare.child * m);
    per.child.tax += fare.tax;
    per.infant.base += toHundreds(fare.infant * m);
    per.infant.tax += fare.infantTax;
  }
  const counts = { adult: mix.adults, child: mix.children.length, infant: mix.infants };
  const passengers: PassengerPrice[] = (['adult', 'child', 'infant'] as const)
    .filter((type) => counts[type] > 0)
    .map((type) => ({
      type,
      count: counts[type],
      base_amount: per[type].base,
      tax_amount: per[type].tax,
      total_amount: per[type].base + per[type].tax,
    }));
  const base = passengers.reduce((n, p) => n + p.base_amount * p.count, 0);
  const tax = passengers.reduce((n, p) => n + p.tax_amount * p.count, 0);
  return { currency, base_amount: base, tax_amount: tax, total_amount: base + tax, passengers };
}
