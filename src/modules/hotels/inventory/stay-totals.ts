import { isoWeekday } from '../../../shared/calendar.ts';
import { AT_NET, markUp, type PriceTerms } from '../../pricing/index.ts';
import {
  bandsOf,
  type PlanRules,
  type RatePlanRules,
  type RoomRules,
  type StayNights,
  seasonsOf,
  toHundreds,
} from './hotel-rates.ts';
import { channelNight, pricedNight, type StayRateNights } from './rate-nights.ts';

/** A stay as totalled: its dates and nights, and whether arrival is closed on its first night. */
export interface TotalledStay {
  checkIn: string;
  checkOut: string;
  arrivalClosed?: boolean;
  nights: StayNights;
}

/** One room of a stay as a night's price reads it. */
export interface RoomGuests {
  adults: number;
  children: number;
  extraAdults: number;
  /** Each child's share of one adult's part of the night (its age band's percent / 100). */
  childShares: number[];
  /** Each child's age (a channel may price children by age). */
  childAges: readonly number[];
}

/**
 * What totalling a stay under a plan's shared rules needs, worked out once per rules and stay: the
 * season and weekday percents of each night, and each room's guests as the rules price them. A search
 * prices thousands of hotels on the same few shared rules.
 */
export interface PlanStay {
  seasons: readonly number[];
  weekdayPercents: Float64Array;
  standardAdults: number;
  extraAdultShare: number;
  rooms: RoomGuests[];
}

/**
 * A plan's rules readied for a stay and its rooms, or null when the stay rules refuse every room type
 * under it (minimum stay, closed to arrival). Occupancy is per room type: `stayTotal` checks it.
 */
export function planStay(
  plan: PlanRules,
  stay: TotalledStay,
  rooms: ReadonlyArray<{ adults: number; children: readonly number[] }>,
): PlanStay | null {
  const { dates, weekdays } = stay.nights;
  if (dates.length < plan.min_stay) return null;
  const arrivalDay = weekdays[0] ?? isoWeekday(stay.checkIn);
  if (plan.closed_to_arrival.includes(String(arrivalDay)) || stay.arrivalClosed) return null;
  const bands = rooms.some((r) => r.children.length > 0) ? bandsOf(plan) : [];
  return {
    seasons: seasonsOf(plan, stay.nights),
    weekdayPercents: Float64Array.from(weekdays, (w) => plan.weekday_percents[w - 1]!),
    standardAdults: plan.standard_adults,
    extraAdultShare: plan.extra_adult_percent / 100,
    rooms: rooms.map((r) => ({
      adults: r.adults,
      children: r.children.length,
      extraAdults: Math.max(0, r.adults - plan.standard_adults),
      childShares: r.children.map((age) => (bands.find((b) => age <= b.max_age)?.percent ?? 100) / 100),
      childAges: r.children,
    })),
  };
}

/** Whether every room's guests fit a room type (the same under every plan). */
export function fits(rooms: readonly RoomGuests[], room: RoomRules): boolean {
  for (const r of rooms)
    if (
      r.adults > room.max_adults ||
      r.children > room.max_children ||
      r.adults + r.children > room.max_occupancy
    )
      return false;
  return true;
}

/**
 * The selling total of a stay's rooms of one room type under a readied plan with its own base amount,
 * or null when a room's guests do not fit the room type. Each night is the base for the standard
 * occupancy (base × room factor × season × weekday, to hundreds), plus extra adults and children by
 * band (to hundreds), marked up by the terms: what `priceRooms` adds up, with the same arithmetic in
 * the same order, so the two never differ by a cent.
 */
export function stayTotal(
  p: PlanStay,
  base: number,
  room: RoomRules,
  terms: PriceTerms,
  set?: StayRateNights,
): number | null {
  if (!fits(p.rooms, room)) return null;
  const { seasons, weekdayPercents, standardAdults, extraAdultShare } = p;
  const factored = base * room.price_factor;
  let total = 0;
  for (const r of p.rooms) {
    for (let i = 0; i < seasons.length; i++) {
      const channel = set && pricedNight(set, i);
      if (channel) {
        total += markUp(
          channelNight(channel, p, r.adults, { ages: r.childAges, shares: r.childShares }),
          terms,
          1,
        );
        continue;
      }
      const night = toHundreds((factored * seasons[i]! * weekdayPercents[i]!) / 10_000);
      const perAdult = night / standardAdults;
      let children = 0;
      for (const share of r.childShares) children += perAdult * share;
      const net = toHundreds(night + r.extraAdults * perAdult * extraAdultShare + children);
      total += markUp(net, terms, 1);
    }
  }
  return total;
}

/**
 * What `priceRooms` would total, or null where it finds a problem, without making a price per night and
 * room: search ranks every option of every hotel by it and prices in full only the options it shows.
 */
export function roomsTotal(
  plan: RatePlanRules,
  room: RoomRules,
  stay: TotalledStay,
  rooms: ReadonlyArray<{ adults: number; children: readonly number[] }>,
  terms: PriceTerms = AT_NET,
  set?: StayRateNights,
): number | null {
  const readied = planStay(plan, stay, rooms);
  return readied && stayTotal(readied, plan.base_amount, room, terms, set);
}
