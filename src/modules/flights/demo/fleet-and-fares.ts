import type { FareRecord, ScheduleRecord } from '../inventory/network-file.ts';

/* The demo network's aircraft, block times and fares, all from great-circle distance. */

const roundTo5 = (n: number) => Math.max(5, Math.round(n / 5) * 5);

/** Block time from great-circle distance: taxi and climb, then about 800 km/h. */
export function blockMinutes(km: number): number {
  return roundTo5(30 + (km / 800) * 60);
}

export function aircraftFor(km: number): { aircraft: string; capacity: ScheduleRecord['capacity'] } {
  if (km < 1_500) return { aircraft: '320', capacity: { economy: 150, business: 12 } };
  if (km < 4_500) return { aircraft: '321', capacity: { economy: 170, business: 20 } };
  if (km < 9_000) return { aircraft: '789', capacity: { economy: 200, premium_economy: 28, business: 30 } };
  return { aircraft: '77W', capacity: { economy: 250, premium_economy: 40, business: 42, first: 8 } };
}

/**
 * The demo's branded fares on a route, priced by distance: light to flex, business, and longer-haul
 * cabins, with what each charges to choose a seat and for an extra bag (first class's are free).
 */
export function faresFor(carrier: string, origin: string, destination: string, km: number): FareRecord[] {
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
  if (km >= 9_000) fares.push(fare('first', 'flex', 8, 3, 0, 0));
  return fares;
}
