import { convert, type RateTable } from '../../money/index.ts';
import { calendarFactor } from '../inventory/fare-calendar.ts';
import type { DatedFlight, Fare } from '../inventory/flight-network.ts';

export interface PassengerMix {
  adults: number;
  /** Ages of children, 2 to 11. */
  children: number[];
  /** Infants under 2, on an adult's lap: no seat. */
  infants: number;
}

export const seatsNeeded = (mix: PassengerMix) => mix.adults + mix.children.length;

/** The loads at which a cabin's fares step up, and the multiplier of each step. */
const LOAD_STEPS = [0.5, 0.7, 0.85, 0.95] as const;
const STEP_MULTIPLIERS = [1, 1.15, 1.35, 1.6, 2] as const;
/** The bucket of a cabin with no seats at all: it cannot be priced. */
export const NO_CAPACITY_BUCKET = LOAD_STEPS.length + 1;

/**
 * Which of the load buckets a cabin is in (0 below half full … 4 at 95 %), or NO_CAPACITY_BUCKET. Two
 * loads in the same bucket price the same, so a search priced at one holds at the other.
 */
export function loadBucket(sold: number, capacity: number): number {
  if (capacity <= 0) return NO_CAPACITY_BUCKET;
  const load = sold / capacity;
  let bucket = 0;
  while (bucket < LOAD_STEPS.length && load >= LOAD_STEPS[bucket]!) bucket++;
  return bucket;
}

/**
 * Fares rise as a cabin fills, in buckets, as airlines' booking classes do: below half full the
 * published fare, then +15 %, +35 %, +60 % and +100 % when 95 % is sold. The bucket comes from seats
 * sold before this sale, so the price a search shows and the price a booking pays agree unless
 * someone else bought in between.
 */
export function loadMultiplier(sold: number, capacity: number): number {
  const bucket = loadBucket(sold, capacity);
  return bucket === NO_CAPACITY_BUCKET ? Number.POSITIVE_INFINITY : STEP_MULTIPLIERS[bucket]!;
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
  /** The flight's local departure date: the calendar's factors follow it. */
  date: string;
}

/** When and how a sale is priced: the day of sale (UTC) for advance purchase, and the rates in force. */
export interface SaleContext {
  saleDate: string;
  /** Fares filed in another currency than the journey's (its first fare's) are converted through these. */
  rates: RateTable;
}

/** A sale made at an instant with the rates in force. */
export const saleAt = (now: Date, rates: RateTable): SaleContext => ({
  saleDate: now.toISOString().slice(0, 10),
  rates,
});

export interface PriceBreakdown {
  currency: string;
  base_amount: number;
  tax_amount: number;
  total_amount: number;
  passengers: PassengerPrice[];
}

/** An itinerary's fares summed per passenger type, before the mix: what its price is made of. */
export interface FareSums {
  currency: string;
  adultBase: number;
  childBase: number;
  infantBase: number;
  tax: number;
  infantTax: number;
}

/**
 * Each segment's fare for its load and its date (as sold on the sale date), summed in the currency of
 * the first fare, fares filed in others converted through the rates; null when a flight is full or a
 * currency has no rate.
 */
export function fareSums(segments: readonly SegmentPricing[], sale: SaleContext): FareSums | null {
  const currency = segments[0]?.fare.currency;
  if (!currency) return null;
  const sums = { currency, adultBase: 0, childBase: 0, infantBase: 0, tax: 0, infantTax: 0 };
  for (const { fare, sold, capacity, date } of segments) {
    const m = loadMultiplier(sold, capacity) * calendarFactor(fare.pricing, date, sale.saleDate);
    if (!Number.isFinite(m)) return null;
    if (fare.currency === currency) {
      sums.adultBase += toHundreds(fare.adult * m);
      sums.childBase += toHundreds(fare.child * m);
      sums.infantBase += toHundreds(fare.infant * m);
      sums.tax += toHundreds(fare.tax);
      sums.infantTax += toHundreds(fare.infantTax);
      continue;
    }
    const own = (amount: number) => {
      const converted = convert(sale.rates, toHundreds(amount), fare.currency, currency);
      return converted === undefined ? undefined : toHundreds(converted);
    };
    const infantTax = own(fare.infantTax);
    if (infantTax === undefined) return null;
    sums.adultBase += own(fare.adult * m)!;
    sums.childBase += own(fare.child * m)!;
    sums.infantBase += own(fare.infant * m)!;
    sums.tax += own(fare.tax)!;
    sums.infantTax += infantTax;
  }
  return sums;
}

/** The total an itinerary's fare sums come to for a passenger mix (`priceOf(...).total_amount`). */
export function totalOf(sums: FareSums, mix: PassengerMix): number {
  return (
    mix.adults * (sums.adultBase + sums.tax) +
    mix.children.length * (sums.childBase + sums.tax) +
    mix.infants * (sums.infantBase + sums.infantTax)
  );
}

/** The price of an itinerary's fare sums for a passenger mix, line by passenger type. */
export function priceOf(sums: FareSums, mix: PassengerMix): PriceBreakdown {
  const per = {
    adult: { base: sums.adultBase, tax: sums.tax },
    child: { base: sums.childBase, tax: sums.tax },
    infant: { base: sums.infantBase, tax: sums.infantTax },
  };
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
  return {
    currency: sums.currency,
    base_amount: base,
    tax_amount: tax,
    total_amount: base + tax,
    passengers,
  };
}

/**
 * The price of one itinerary for a passenger mix: each segment's fare for its load and its date (as sold
 * on the sale date), in the currency of the first fare, fares filed in others converted through the
 * rates; null when a flight is full or a currency has no rate.
 */
export function priceItinerary(
  segments: readonly SegmentPricing[],
  mix: PassengerMix,
  sale: SaleContext,
): PriceBreakdown | null {
  const sums = fareSums(segments, sale);
  return sums && priceOf(sums, mix);
}

/**
 * Slice prices in one currency, the first slice's unless another is given (a change is priced in its
 * booking's), the others' passenger lines converted through the rates; null when a currency has no rate.
 */
export function inOneCurrency(
  prices: readonly PriceBreakdown[],
  rates: RateTable,
  target?: string,
): PriceBreakdown[] | null {
  const currency = target ?? prices[0]?.currency;
  if (!currency) return null;
  const converted: PriceBreakdown[] = [];
  for (const price of prices) {
    if (price.currency === currency) {
      converted.push(price);
      continue;
    }
    const passengers: PassengerPrice[] = [];
    for (const p of price.passengers) {
      const base = convert(rates, p.base_amount, price.currency, currency);
      const tax = convert(rates, p.tax_amount, price.currency, currency);
      if (base === undefined || tax === undefined) return null;
      passengers.push({
        ...p,
        base_amount: toHundreds(base),
        tax_amount: toHundreds(tax),
        total_amount: toHundreds(base) + toHundreds(tax),
      });
    }
    const base = passengers.reduce((n, p) => n + p.base_amount * p.count, 0);
    const tax = passengers.reduce((n, p) => n + p.tax_amount * p.count, 0);
    converted.push({ currency, base_amount: base, tax_amount: tax, total_amount: base + tax, passengers });
  }
  return converted;
}

/** One slice's flights and, in the same order, the fares they are sold on (a search's slice option). */
export interface FaredSlice {
  itinerary: readonly DatedFlight[];
  fares: readonly Fare[];
}

const placeOf = (airport: DatedFlight['schedule']['origin']) => airport.city_id ?? airport.iata;

/**
 * The percent a journey's fares are sold at: a return — out and back between the same two cities, all on
 * one airline — at the fares' `round_trip_percent` (the highest of them, so no fare goes below its own),
 * anything else at 100 (each way priced alone, as low-cost carriers and one-ways are). Called for every
 * combination a search prices, so it allocates nothing.
 */
export function roundTripPercent(slices: readonly FaredSlice[]): number {
  if (slices.length !== 2) return 100;
  const [out, back] = slices as [FaredSlice, FaredSlice];
  const leaves = out.itinerary[0];
  const arrives = out.itinerary.at(-1);
  const comesBack = back.itinerary[0];
  const ends = back.itinerary.at(-1);
  if (!leaves || !arrives || !comesBack || !ends) return 100;
  if (
    placeOf(leaves.schedule.origin) !== placeOf(ends.schedule.destination) ||
    placeOf(arrives.schedule.destination) !== placeOf(comesBack.schedule.origin)
  )
    return 100;
  const carrier = leaves.schedule.carrier;
  let percent = 0;
  for (const slice of slices) {
    for (const flight of slice.itinerary) if (flight.schedule.carrier !== carrier) return 100;
    for (const fare of slice.fares) percent = Math.max(percent, fare.pricing?.round_trip_percent ?? 100);
  }
  return percent;
}

/** Slice prices with every base at `percent` (to whole hundreds); taxes are the airports' and stay. */
export function atPercent(prices: readonly PriceBreakdown[], percent: number): PriceBreakdown[] {
  if (percent === 100) return [...prices];
  return prices.map((price) => {
    const passengers = price.passengers.map((p) => {
      const base = toHundreds((p.base_amount * percent) / 100);
      return { ...p, base_amount: base, total_amount: base + p.tax_amount };
    });
    const base = passengers.reduce((n, p) => n + p.base_amount * p.count, 0);
    return { ...price, base_amount: base, total_amount: base + price.tax_amount, passengers };
  });
}
