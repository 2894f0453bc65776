import type { NightState } from '../inventory/hotel-inventory-repository.ts';
import { priceRooms, type StayNights, type StayPrice, stayNights } from '../inventory/hotel-rates.ts';
import { restrictionProblem, stayRateNights } from '../inventory/rate-nights.ts';
import { planStay, stayTotal } from '../inventory/stay-totals.ts';
import type { IndexedHotel, IndexedRatePlan, IndexedRoomType } from './hotel-index.ts';
import type { PlanTerms } from './hotel-sale.ts';

export type Room = { adults: number; children: number[] };

/** One bookable way to stay: a room type and rate plan for every requested room. */
export interface HotelOption {
  roomType: IndexedRoomType;
  ratePlan: IndexedRatePlan;
  total: number;
  currency: string;
  /** Each room's price night by night: worked out only for the options shown. */
  prices(): StayPrice[];
}

/** What a stay reads of a room type's nights: sold, allotted, closed (absent: nothing stored). */
export type NightStates = (roomTypeId: string, night: string) => NightState | undefined;

/** Rooms of a type still for sale on every night of the stay (the fewest), or 0 if any night is closed. */
export function roomsLeft(
  roomType: Pick<IndexedRoomType, 'rooms'>,
  nights: readonly string[],
  state: (night: string) => NightState | undefined,
): number {
  let left = Number.POSITIVE_INFINITY;
  for (const night of nights) {
    const s = state(night);
    if (s?.closed) return 0;
    left = Math.min(left, (s?.rooms ?? roomType.rooms) - (s?.sold ?? 0));
  }
  return Math.max(0, left);
}

/** A room type as its states are read: its id and how many rooms it has. */
export type CountedRoom = Pick<IndexedRoomType, 'id' | 'rooms'>;

/** Whether a room type can be sold for a stay: enough rooms left every night, and arrival open. */
export function sellable(
  roomType: CountedRoom,
  nights: StayNights,
  rooms: number,
  state: NightStates,
): boolean {
  const left = roomsLeft(roomType, nights.dates, (n) => state(roomType.id, n));
  return left >= rooms && !state(roomType.id, nights.dates[0]!)?.closedToArrival;
}

/**
 * The state of each room type that can change a search's answer, and nothing else: whether it can be
 * sold for the stay. Prices do not move with sales, so a sale that leaves a room type sellable leaves
 * every option as it was (only the rooms left shown change).
 */
export function roomStates(
  roomTypes: readonly CountedRoom[],
  nights: StayNights,
  rooms: number,
  state: NightStates,
): Uint8Array {
  const states = new Uint8Array(roomTypes.length);
  for (let i = 0; i < roomTypes.length; i++)
    states[i] = sellable(roomTypes[i]!, nights, rooms, state) ? 1 : 0;
  return states;
}

/**
 * Every option of a hotel for the stay, cheapest first: occupancy, stay rules, allotment and what channel
 * managers set (restrictions, prices) respected.
 */
export function hotelOptions(
  hotel: IndexedHotel,
  stay: { checkIn: string; checkOut: string; rooms: Room[]; nights?: StayNights },
  nightState: NightStates,
  terms: PlanTerms,
): HotelOption[] {
  const nights = stay.nights ?? stayNights(stay.checkIn, stay.checkOut);
  const options: HotelOption[] = [];
  // Each rate plan's pricing terms and rules readied for the stay once per hotel, not once per room type
  // (what `roomsTotal` does for one option).
  const totalled = { ...stay, nights };
  const plans = hotel.ratePlans.map((plan) => ({
    plan,
    terms: terms(hotel, plan, stay.checkIn),
    readied: planStay(plan, totalled, stay.rooms),
  }));
  for (const roomType of hotel.roomTypes) {
    if (!sellable(roomType, nights, stay.rooms.length, nightState)) continue;
    const state = (night: string) => nightState(roomType.id, night);
    for (const { plan, terms: onTerms, readied } of plans) {
      const set = stayRateNights(state, plan.id, nights.dates, stay.checkOut);
      if (set && restrictionProblem(set, stay, nights.dates)) continue;
      const total = readied && stayTotal(readied, plan.base_amount, roomType, onTerms, set);
      if (total === null) continue;
      options.push({
        roomType,
        ratePlan: plan,
        total,
        currency: plan.currency,
        prices() {
          const priced = priceRooms(plan, roomType, { ...stay, set }, stay.rooms, onTerms);
          if (priced.problem) throw new Error(`option ${roomType.id}/${plan.id} priced without a problem`);
          return priced.rooms;
        },
      });
    }
  }
  return options.sort((a, b) => a.total - b.total);
}

/** The first (cheapest) option of each room type, in the order given. */
export function cheapestPerRoomType(options: readonly HotelOption[]): HotelOption[] {
  const seen = new Set<string>();
  return options.filter((o) => !seen.has(o.roomType.id) && seen.add(o.roomType.id));
}
