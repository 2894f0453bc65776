import { daysBetween } from '../../../shared/calendar.ts';
import type { StayProblem } from './stay-problems.ts';

/**
 * What a channel manager set of one rate plan on one room type for one night (OpenTravel availability
 * and rate messages): a price of its own, and restrictions. Absent fields leave the plan's rules.
 */
export interface RateNight {
  /** The night's net price for the plan's standard occupancy, in minor units; null: the plan's rules. */
  amount: number | null;
  /** The night's net price by number of adults (children are added by the plan's bands). */
  byGuests: Readonly<Record<string, number>> | null;
  /**
   * What guests beyond those priced cost that night: each extra adult, and children by age (the first
   * band whose `maxAge` a child's age is within); null: the plan's percent and bands.
   */
  extras: RateExtras | null;
  closed: boolean;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  /** Least and most nights of a stay arriving this night. */
  minStay: number | null;
  maxStay: number | null;
}

export interface RateExtras {
  adult?: number | undefined;
  /** Ascending by `maxAge`. */
  children?: ReadonlyArray<{ maxAge: number; amount: number }> | undefined;
}

/** A room type's channel-set nights by rate plan id (absent: nothing set). */
export type PlanNights = ReadonlyMap<string, RateNight>;

/**
 * A stay's channel-set nights of one room type and rate plan: one entry per night of the stay
 * (undefined for a night nothing is set on) and the departure day's (whose closed-to-departure counts).
 */
export interface StayRateNights {
  nights: ReadonlyArray<RateNight | undefined>;
  departure: RateNight | undefined;
}

/**
 * The first rule the channel's restrictions break for a stay, or null: a closed night, arrival closed on
 * the first night, departure closed on the day of check-out, or the stay shorter or longer than the
 * arrival night allows.
 */
export function restrictionProblem(
  set: StayRateNights,
  stay: { checkIn: string; checkOut: string },
  dates: readonly string[],
): StayProblem | null {
  for (let i = 0; i < set.nights.length; i++)
    if (set.nights[i]?.closed) return { code: 'CLOSED', date: dates[i]! };
  const arrival = set.nights[0];
  if (arrival?.closedToArrival) return { code: 'CLOSED_TO_ARRIVAL', date: stay.checkIn };
  if (set.departure?.closedToDeparture) return { code: 'CLOSED_TO_DEPARTURE', date: stay.checkOut };
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  if (arrival?.minStay != null && nights < arrival.minStay)
    return { code: 'STAY_TOO_SHORT', min_stay: arrival.minStay };
  if (arrival?.maxStay != null && nights > arrival.maxStay)
    return { code: 'STAY_TOO_LONG', max_stay: arrival.maxStay };
  return null;
}

/**
 * One room's net price for a night the channel priced. Adults: the price for that many when the channel
 * gave one; else the price for the most adults it priced below that many (the standard occupancy's is
 * `amount`) with each adult beyond at its extra-adult price, or the plan's percent of one adult's share;
 * fewer adults than any price given pay the least count's price. Children: each at the channel's price
 * for their age, or the plan's band share of one adult's part of the standard price. Rounded to the minor
 * unit, not to hundreds: a channel's prices are kept to the cent.
 */
export function channelNight(
  set: RateNight & { amount: number },
  rules: { standardAdults: number; extraAdultShare: number },
  adults: number,
  children: { ages: readonly number[]; shares: readonly number[] },
): number {
  const perAdult = set.amount / rules.standardAdults;
  const priced = new Map<number, number>([[rules.standardAdults, set.amount]]);
  for (const [count, amount] of Object.entries(set.byGuests ?? {})) priced.set(Number(count), amount);
  let grown = priced.get(adults);
  if (grown === undefined) {
    const below = [...priced.keys()].filter((k) => k < adults);
    const from = below.length > 0 ? Math.max(...below) : Math.min(...priced.keys());
    const extraAdult = set.extras?.adult ?? perAdult * rules.extraAdultShare;
    grown = priced.get(from)! + Math.max(0, adults - from) * extraAdult;
  }
  let childPart = 0;
  children.ages.forEach((age, i) => {
    const band = set.extras?.children?.find((b) => age <= b.maxAge);
    childPart += band ? band.amount : perAdult * children.shares[i]!;
  });
  return Math.round(grown + childPart);
}

/** The set night of a stay's night `i` when it carries a price. */
export function pricedNight(
  set: StayRateNights | undefined,
  i: number,
): (RateNight & { amount: number }) | null {
  const n = set?.nights[i];
  return n && n.amount !== null ? (n as RateNight & { amount: number }) : null;
}

/**
 * What the channel set of a rate plan for a stay, read from a room type's night states (`plans` by rate
 * plan id); undefined when nothing is set on any of its nights or its departure day.
 */
export function stayRateNights(
  state: (night: string) => { plans?: PlanNights } | undefined,
  planId: string,
  dates: readonly string[],
  checkOut: string,
): StayRateNights | undefined {
  let found = false;
  const nights = dates.map((night) => {
    const n = state(night)?.plans?.get(planId);
    if (n) found = true;
    return n;
  });
  const departure = state(checkOut)?.plans?.get(planId);
  return found || departure ? { nights, departure } : undefined;
}

/** Whether a room type has any channel-set night among `days` (a stay's nights and its departure). */
export function anyRateNights(
  state: (night: string) => { plans?: PlanNights } | undefined,
  days: readonly string[],
): boolean {
  for (const day of days) if (state(day)?.plans) return true;
  return false;
}
