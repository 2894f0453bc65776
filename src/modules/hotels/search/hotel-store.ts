import { InternTable } from '../../../shared/columns.ts';
import { decodeAmenities, decodeImages, decodeRatePlan } from '../inventory/hotel-content-codec.ts';
import {
  type IndexHotelTuple,
  type IndexPlanTuple,
  type IndexRoomTuple,
  RATE_PLAN_RULE_COLUMNS,
} from '../inventory/hotel-index-rows-repository.ts';
import type { RatePlanRow } from '../inventory/hotels-repository.ts';
import { emptyColumns, type HotelColumns } from './hotel-columns.ts';
import type { PlanRules } from './hotel-index.types.ts';

/** A page of hotels as read for the index, with their room types and rate plans. */
export interface HotelIndexRows {
  hotels: IndexHotelTuple[];
  roomTypes: IndexRoomTuple[];
  ratePlans: IndexPlanTuple[];
}

/**
 * What the hotel index holds, as data: the columns, the tables of values stored once and referred to by
 * number (`strings`: time zones, cities, codes…; `values`: amenity lists, rate plan rules), and ids and
 * folded names per position as strings too.
 */
export interface HotelStore {
  strings: InternTable<string>;
  values: InternTable<unknown>;
  c: HotelColumns;
  ids: string[];
  folded: string[];
}

/** A store with no hotels. */
export const emptyStore = (): HotelStore => ({
  strings: new InternTable<string>(),
  values: new InternTable<unknown>(),
  c: emptyColumns(),
  ids: [],
  folded: [],
});

/**
 * Appends a page of hotels with their room types and rate plans (rows of other hotels are ignored) and
 * gives the positions they took.
 */
export function appendHotels(store: HotelStore, rows: HotelIndexRows, fold: (s: string) => string): number[] {
  const rooms = group(rows.roomTypes);
  const plans = group(rows.ratePlans);
  const c = store.c;
  const positions: number[] = [];
  for (const h of rows.hotels) {
    const [id, code, name, cityId, chain, stars, address, latitude, longitude] = h;
    const folded = fold(name);
    store.ids.push(id);
    store.folded.push(folded);
    c.ids.push(id);
    c.folded.push(folded);
    c.codes.push(code);
    c.names.push(name);
    c.addresses.push(address);
    c.images.push(decodeImages(h[13])[0] ?? '');
    c.alive.push(1);
    c.cityOf.push(string(store, cityId));
    c.chainOf.push(chain === null ? -1 : string(store, chain));
    c.stars.push(stars);
    c.reviewScore.push(h[14]);
    c.reviewCount.push(h[15]);
    c.latitudes.push(latitude);
    c.longitudes.push(longitude);
    c.hotelRefs.push(string(store, h[9]));
    c.hotelRefs.push(string(store, h[10]));
    c.hotelRefs.push(string(store, h[11]));
    c.hotelRefs.push(amenities(store, h[12]));
    const ownRooms = rooms.get(id) ?? [];
    c.firstRoom.push(c.roomIds.length);
    c.roomCount.push(ownRooms.length);
    for (const r of ownRooms) appendRoom(store, r);
    const ownPlans = plans.get(id) ?? [];
    c.firstPlan.push(c.planIds.length);
    c.planCount.push(ownPlans.length);
    for (const p of ownPlans) appendPlan(store, p);
    positions.push(c.alive.length - 1);
  }
  return positions;
}

const string = (store: HotelStore, value: string): number => store.strings.number(value, () => value);

const amenities = (store: HotelStore, text: string): number =>
  store.values.number(text, () => decodeAmenities(text));

function appendRoom(store: HotelStore, r: IndexRoomTuple): void {
  const [, id, code, name, beds, roomAmenities, size, count, adults, children, occupancy, factor] = r;
  const c = store.c;
  c.roomIds.push(id);
  c.roomRefs.push(string(store, code));
  c.roomRefs.push(string(store, name));
  c.roomRefs.push(string(store, beds));
  c.roomRefs.push(amenities(store, roomAmenities));
  c.roomNumbers.push(size);
  c.roomNumbers.push(count);
  c.roomNumbers.push(adults);
  c.roomNumbers.push(children);
  c.roomNumbers.push(occupancy);
  c.roomFactors.push(factor);
}

function appendPlan(store: HotelStore, p: IndexPlanTuple): void {
  store.c.planIds.push(p[1]);
  store.c.planBase.push(p[2]);
  const rules = p.slice(3);
  store.c.planRules.push(store.values.number(rules.join('\u0000'), () => planRules(rules)));
}

/** A rate plan's rules (RATE_PLAN_RULE_COLUMNS in order), decoded once however many plans share them. */
function planRules(rules: unknown[]): PlanRules {
  const row = Object.fromEntries(RATE_PLAN_RULE_COLUMNS.map((c, i) => [c, rules[i]]));
  const {
    id: _id,
    base_amount: _base,
    ...decoded
  } = decodeRatePlan({
    ...row,
    id: '',
    hotel_id: '',
    base_amount: 0,
  } as RatePlanRow);
  return decoded;
}

/** Rows by their first column (a hotel id). */
function group<T extends [string, ...unknown[]]>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = row[0];
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
