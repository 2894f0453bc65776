import { addDays, daysBetween, isoWeekday } from '../../../shared/calendar.ts';
import {
  AT_NET,
  commissionOn,
  markUp,
  type PriceTerms,
  type PricingRecord,
  pricingRecord,
} from '../../pricing/index.ts';
import type { CancellationPolicy } from './hotel-cancellation-rules.ts';
import { channelNight, pricedNight, restrictionProblem, type StayRateNights } from './rate-nights.ts';
import type { StayProblem } from './stay-problems.ts';

/** A price period: nights from `from` to `to` (inclusive) cost `percent` of the base. */
export interface Season {
  from: string;
  to: string;
  percent: number;
}

/** Children pay `percent` of one adult's share of the night up to and including `max_age`. */
export interface ChildBand {
  max_age: number;
  percent: number;
}

export interface RatePlanRules {
  currency: string;
  /** The night's price for `standard_adults` adults, in minor units, before factors. */
  base_amount: number;
  standard_adults: number;
  extra_adult_percent: number;
  seasons: Season[];
  /** Monday … Sunday, percent of the base. */
  weekday_percents: [number, number, number, number, number, number, number];
  child_bands: ChildBand[];
  taxes: { vat_percent_included: number; city_tax_per_person_night: number };
  cancellation: CancellationPolicy;
  min_stay: number;
  /** ISO weekdays on which a stay may not begin, e.g. `6` for Saturdays. */
  closed_to_arrival: string;
}

export interface RoomRules {
  max_adults: number;
  max_children: number;
  max_occupancy: number;
  price_factor: number;
}

export const toHundreds = (amount: number) => Math.round(amount / 100) * 100;

export type { StayProblem } from './stay-problems.ts';

/** Stay rules of a rate plan and room, before any price: minimum stay, closed-to-arrival, occupancy. */
export function checkStay(
  plan: Pick<RatePlanRules, 'min_stay' | 'closed_to_arrival'>,
  room: RoomRules,
  stay: {
    checkIn: string;
    checkOut: string;
    adults: number;
    childAges: readonly number[];
    arrivalClosed?: boolean;
  },
): StayProblem | null {
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  if (nights < plan.min_stay) return { code: 'STAY_TOO_SHORT', min_stay: plan.min_stay };
  if (plan.closed_to_arrival.includes(String(isoWeekday(stay.checkIn))) || stay.arrivalClosed) {
    return { code: 'CLOSED_TO_ARRIVAL', date: stay.checkIn };
  }
  const children = stay.childAges.length;
  if (
    stay.adults > room.max_adults ||
    children > room.max_children ||
    stay.adults + children > room.max_occupancy
  ) {
    return {
      code: 'OCCUPANCY_EXCEEDED',
      detail: `at most ${room.max_adults} adults, ${room.max_children} children, ${room.max_occupancy} guests`,
    };
  }
  return null;
}

/** A rate plan's rules without its base amount: what plans of many hotels share. */
export type PlanRules = Omit<RatePlanRules, 'base_amount'>;

/** One night's room price for the standard occupancy: base × room × season × weekday. */
export function nightAmount(
  plan: RatePlanRules,
  room: RoomRules,
  night: string,
  weekday: number = isoWeekday(night),
): number {
  return nightOn(plan, plan.base_amount, room, seasonOn(plan, night), weekday);
}

/** The season percent of a night under a plan (100 outside every season). */
const seasonOn = (plan: PlanRules, night: string) =>
  plan.seasons.find((s) => night >= s.from && night <= s.to)?.percent ?? 100;

const seasonsKept = new WeakMap<PlanRules, { nights: StayNights; percents: number[] }>();

/**
 * The season percent of each night of a stay under a plan, worked out once per plan and stay: a search
 * prices the same few shared plans for thousands of hotels.
 */
export function seasonsOf(plan: PlanRules, nights: StayNights): readonly number[] {
  let kept = seasonsKept.get(plan);
  if (kept?.nights !== nights) {
    kept = { nights, percents: nights.dates.map((night) => seasonOn(plan, night)) };
    seasonsKept.set(plan, kept);
  }
  return kept.percents;
}

function nightOn(plan: PlanRules, base: number, room: RoomRules, season: number, weekday: number): number {
  const percent = plan.weekday_percents[weekday - 1]!;
  return toHundreds((base * room.price_factor * season * percent) / 10_000);
}

/** The nights of a stay with their ISO weekdays, worked out once for every room and rate priced. */
export interface StayNights {
  dates: readonly string[];
  weekdays: readonly number[];
}

export function stayNights(checkIn: string, checkOut: string): StayNights {
  const dates = Array.from({ length: daysBetween(checkIn, checkOut) }, (_, i) => addDays(checkIn, i));
  return { dates, weekdays: dates.map(isoWeekday) };
}

/** Children's bands from the youngest up, as a night's price reads them. */
export const bandsOf = (plan: PlanRules) => [...plan.child_bands].sort((a, b) => a.max_age - b.max_age);

/** One room's net price for a night: the base for the standard occupancy, extra adults, children by band. */
function roomNight(
  plan: PlanRules,
  planBase: number,
  room: RoomRules,
  season: number,
  weekday: number,
  guests: { adults: number; childAges: readonly number[] },
  bands: readonly ChildBand[],
): number {
  const base = nightOn(plan, planBase, room, season, weekday);
  const perAdult = base / plan.standard_adults;
  const extraAdults = Math.max(0, guests.adults - plan.standard_adults);
  let children = 0;
  for (const age of guests.childAges) {
    const band = bands.find((b) => age <= b.max_age);
    children += perAdult * ((band?.percent ?? 100) / 100);
  }
  return toHundreds(base + extraAdults * perAdult * (plan.extra_adult_percent / 100) + children);
}

export interface StayPrice {
  currency: string;
  nights: Array<{ date: string; amount: number }>;
  /** What the guest pays when booking, taxes included. */
  total_amount: number;
  /** The VAT inside total_amount. */
  tax_included_amount: number;
  /** Payable at the hotel on top (city tax). */
  payable_at_hotel_amount: number;
  /** How the total was made from the hotel's net price (pricing rules). */
  pricing: PricingRecord;
}

/**
 * The price of a stay for one room: every night, extra adults and children by age band, marked up by the
 * pricing terms (the fixed part per night), VAT (included) from the selling total, city tax apart.
 */
export function priceStay(
  plan: RatePlanRules,
  room: RoomRules,
  stay: { checkIn: string; checkOut: string; adults: number; childAges: readonly number[] },
  terms: PriceTerms = AT_NET,
  set?: StayRateNights,
): StayPrice {
  const stayed = stayNights(stay.checkIn, stay.checkOut);
  const { dates, weekdays } = stayed;
  const count = dates.length;
  const bands = bandsOf(plan);
  const seasons = seasonsOf(plan, stayed);
  const shares = stay.childAges.map((age) => (bands.find((b) => age <= b.max_age)?.percent ?? 100) / 100);
  const rules = { standardAdults: plan.standard_adults, extraAdultShare: plan.extra_adult_percent / 100 };
  const nights = dates.map((date, i) => {
    const channel = pricedNight(set, i);
    return {
      date,
      amount: channel
        ? channelNight(channel, rules, stay.adults, { ages: stay.childAges, shares })
        : roomNight(plan, plan.base_amount, room, seasons[i]!, weekdays[i]!, stay, bands),
    };
  });
  const net = nights.reduce((n, x) => n + x.amount, 0);
  const sold = nights.map((x) => ({ date: x.date, amount: markUp(x.amount, terms, 1) }));
  const total = sold.reduce((n, x) => n + x.amount, 0);
  const vat = Math.round((total * plan.taxes.vat_percent_included) / (100 + plan.taxes.vat_percent_included));
  const guests = stay.adults + stay.childAges.length;
  return {
    currency: plan.currency,
    nights: sold,
    total_amount: total,
    tax_included_amount: vat,
    payable_at_hotel_amount: plan.taxes.city_tax_per_person_night * guests * count,
    pricing: pricingRecord(terms, net, total, commissionOn(total - vat, terms)),
  };
}

/**
 * Several rooms of one type on one rate for a stay: the first rule a room breaks (the plan's, then the
 * channel's restrictions in `set`), else each room's price and the sum. The single place search, rate
 * check, booking and date changes price rooms.
 */
export function priceRooms(
  plan: RatePlanRules,
  room: RoomRules,
  stay: { checkIn: string; checkOut: string; arrivalClosed?: boolean; set?: StayRateNights },
  rooms: ReadonlyArray<{ adults: number; children: readonly number[] }>,
  terms: PriceTerms = AT_NET,
): { problem: StayProblem } | { problem: null; rooms: StayPrice[]; total: number } {
  for (const r of rooms) {
    const problem = checkStay(plan, room, { ...stay, adults: r.adults, childAges: r.children });
    if (problem) return { problem };
  }
  if (stay.set) {
    const problem = restrictionProblem(stay.set, stay, stayNights(stay.checkIn, stay.checkOut).dates);
    if (problem) return { problem };
  }
  const prices = rooms.map((r) =>
    priceStay(
      plan,
      room,
      { checkIn: stay.checkIn, checkOut: stay.checkOut, adults: r.adults, childAges: r.children },
      terms,
      stay.set,
    ),
  );
  return { problem: null, rooms: prices, total: prices.reduce((n, p) => n + p.total_amount, 0) };
}

/**
 * Several rooms' prices added up: taxes and the amount per night over all rooms. Computed only for
 * what is shown (a search page, a quote), not for every option considered.
 */
export function sumRooms(prices: readonly StayPrice[]) {
  return {
    tax_included_amount: prices.reduce((n, p) => n + p.tax_included_amount, 0),
    payable_at_hotel_amount: prices.reduce((n, p) => n + p.payable_at_hotel_amount, 0),
    nightly: (prices[0]?.nights ?? []).map((night, i) => ({
      date: night.date,
      amount: prices.reduce((n, p) => n + p.nights[i]!.amount, 0),
    })),
  };
}
