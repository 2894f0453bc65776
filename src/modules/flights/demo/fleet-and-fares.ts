import { convert, niceAmount, REFERENCE_RATES } from '../../money/index.ts';
import type { FarePricing } from '../inventory/fare-calendar.ts';
import type { FareRecord, ScheduleRecord } from '../inventory/network-file.ts';

/* The demo network's aircraft, block times and fares, all from great-circle distance. */

const roundTo5 = (n: number) => Math.max(5, Math.round(n / 5) * 5);

/**
 * Block time from great-circle distance: taxi and climb, then about 800 km/h, up to 60 km/h faster
 * flying east with the prevailing winds and slower flying west (`eastward` from -1 to 1).
 */
export function blockMinutes(km: number, eastward = 0): number {
  return roundTo5(30 + (km / (800 + 60 * eastward)) * 60);
}

/** The aircraft a route is flown with: by distance, one cabin for low cost, the 777 where First is sold. */
export function aircraftFor(
  km: number,
  lowCost = false,
  first = false,
): { aircraft: string; capacity: ScheduleRecord['capacity'] } {
  // Low-cost carriers fly one cabin, packed.
  if (lowCost) return { aircraft: '32N', capacity: { economy: 180 } };
  if (first) return aircraftFor(Math.max(km, 9_000));
  if (km < 1_500) return { aircraft: '320', capacity: { economy: 150, business: 12 } };
  if (km < 4_500) return { aircraft: '321', capacity: { economy: 170, business: 20 } };
  if (km < 9_000) return { aircraft: '789', capacity: { economy: 200, premium_economy: 28, business: 30 } };
  return { aircraft: '77W', capacity: { economy: 250, premium_economy: 40, business: 42, first: 8 } };
}

/**
 * The demo's branded fares on a route, priced by distance: light to flex, business, and longer-haul
 * cabins, with what each charges to choose a seat and for an extra bag (first class's are free). First
 * is sold on ultra long haul, and where the route's aircraft has it (`first`).
 */
export function faresFor(
  carrier: string,
  origin: string,
  destination: string,
  km: number,
  first = km >= 9_000,
): FareRecord[] {
  const base = Math.round((2_900 + km * 6.5) / 100) * 100;
  const tax = Math.round((1_800 + km * 0.9) / 100) * 100;
  // An extra bag costs more on long haul.
  const bagFee = (amount: number) => Math.round((amount * (km >= 4_500 ? 1.6 : 1)) / 100) * 100;
  const fare = (
    cabin: FareRecord['cabin'],
    brand: string,
    factor: number,
    bags: number,
    change: number | null,
    refund: number | null,
    seats: FareRecord['seat_fees'] = { standard: 0, preferred: 0 },
    extraBag = 0,
  ): FareRecord => {
    const adult = Math.round((base * factor) / 100) * 100;
    return {
      carrier,
      origin,
      destination,
      cabin,
      brand,
      currency: 'EUR',
      adult,
      child: Math.round((adult * 0.75) / 100) * 100,
      infant: Math.round((adult * 0.1) / 100) * 100,
      tax,
      infant_tax: Math.round(tax / 4 / 100) * 100,
      checked_bags: bags,
      cabin_bags: 1,
      change: { allowed: change !== null, penalty: change ?? 0 },
      refund: { allowed: refund !== null, penalty: refund ?? 0 },
      seat_fees: seats,
      // Extra bags cost more the shorter the fare's own allowance; the premium cabins sell up to three.
      extra_bags: { amount: extraBag, max: cabin === 'economy' ? 2 : 3 },
    };
  };
  const fares = [
    // Light pays for any seat it chooses; standard for legroom and exits only; the rest choose for free.
    fare('economy', 'light', 1, 0, null, null, { standard: 1_500, preferred: 3_900 }, bagFee(4_500)),
    fare('economy', 'standard', 1.45, 1, 5_000, null, { standard: 0, preferred: 2_900 }, bagFee(3_500)),
    fare('economy', 'flex', 2.3, 1, 0, 0, undefined, bagFee(3_000)),
    fare('business', 'standard', 3.8, 2, 10_000, 15_000, undefined, bagFee(5_000)),
    fare('business', 'flex', 5, 2, 0, 0, undefined, bagFee(5_000)),
  ];
  if (km >= 4_500)
    fares.push(fare('premium_economy', 'standard', 2, 2, 7_500, 20_000, undefined, bagFee(4_000)));
  if (first) fares.push(fare('first', 'flex', 8, 3, 0, 0));
  return fares;
}

/** How a world preset's carrier files its fares on a route in one direction. */
export interface FareMarket {
  /** The carrier's home currency (one with a reference rate). */
  currency: string;
  /** The carrier's price level against the demo's euro fares: low-cost carriers well below. */
  level: number;
  /** Departure in the southern hemisphere: its summer and holidays fall around the year's end. */
  southern: boolean;
  /** Low-cost carriers price each direction alone; others sell a return for less than two one-ways. */
  lowCost: boolean;
  /** The route's aircraft has a First cabin (else First is sold on ultra long haul only). */
  first?: boolean | undefined;
}

/** A network carrier's return: each direction at this percent of its one-way fare. */
const ROUND_TRIP_PERCENT = 80;

/** Economy's cheap brands climb steeply in the last weeks; flexible and premium fares much less. */
const ADVANCE_PURCHASE = {
  steep: [
    { min_days: 90, percent: 85 },
    { min_days: 45, percent: 90 },
    { min_days: 21, percent: 100 },
    { min_days: 14, percent: 110 },
    { min_days: 7, percent: 130 },
    { min_days: 3, percent: 150 },
    { min_days: 0, percent: 170 },
  ],
  gentle: [
    { min_days: 21, percent: 100 },
    { min_days: 7, percent: 110 },
    { min_days: 0, percent: 125 },
  ],
  premium: [
    { min_days: 14, percent: 100 },
    { min_days: 0, percent: 115 },
  ],
};
/** Friday and Sunday dearest, midweek cheapest (ISO weekdays). */
const WEEKDAYS = { '1': 105, '2': 92, '3': 94, '5': 112, '6': 95, '7': 110 };
const SEASONS = {
  north: [
    { from: '12-18', to: '01-06', percent: 125 },
    { from: '07-01', to: '08-31', percent: 120 },
  ],
  south: [
    { from: '12-15', to: '01-31', percent: 125 },
    { from: '07-01', to: '07-20', percent: 110 },
  ],
};

/**
 * A world preset's fares: the demo's brands at the carrier's price level, filed in its home currency
 * (amounts kept to three significant digits), moving with advance purchase, weekday and season; a
 * network carrier's return cheaper than two one-ways.
 */
export function marketFares(
  carrier: string,
  origin: string,
  destination: string,
  km: number,
  market: FareMarket,
): FareRecord[] {
  const local = (euroCents: number) =>
    niceAmount(convert(REFERENCE_RATES, Math.round(euroCents), 'EUR', market.currency)!);
  const seasons = market.southern ? SEASONS.south : SEASONS.north;
  const cabins = faresFor(carrier, origin, destination, km, market.first).filter(
    (f) => !market.lowCost || f.cabin === 'economy',
  );
  return cabins.map((fare) => {
    const curve =
      fare.cabin === 'business' || fare.cabin === 'first'
        ? ADVANCE_PURCHASE.premium
        : fare.cabin === 'economy' && fare.brand !== 'flex'
          ? ADVANCE_PURCHASE.steep
          : ADVANCE_PURCHASE.gentle;
    const pricing: FarePricing = {
      advance_purchase: curve,
      weekdays: WEEKDAYS,
      seasons,
      ...(market.lowCost ? {} : { round_trip_percent: ROUND_TRIP_PERCENT }),
    };
    const fees = fare.seat_fees;
    return {
      ...fare,
      currency: market.currency,
      adult: local(fare.adult * market.level),
      child: local(fare.child * market.level),
      infant: local(fare.infant * market.level),
      tax: local(fare.tax),
      infant_tax: local(fare.infant_tax),
      change: { ...fare.change, penalty: local(fare.change.penalty) },
      refund: { ...fare.refund, penalty: local(fare.refund.penalty) },
      seat_fees: fees && {
        standard: fees.standard === null ? null : local(fees.standard),
        preferred: fees.preferred === null ? null : local(fees.preferred),
      },
      extra_bags: fare.extra_bags && { ...fare.extra_bags, amount: local(fare.extra_bags.amount) },
      pricing,
    };
  });
}
