import { LRUCache } from 'lru-cache';
import { InternTable, NumberColumn, StringColumn } from '../../../shared/columns.ts';
import type { Catalogue } from '../../catalog/index.ts';
import {
  decodeAmenities,
  decodeImages,
  decodeRatePlan,
  type IndexedRatePlan,
  type IndexedRoomType,
} from '../inventory/hotel-content-codec.ts';
import {
  type IndexHotelTuple,
  type IndexPlanTuple,
  type IndexRoomTuple,
  RATE_PLAN_RULE_COLUMNS,
  type RatePlanRow,
} from '../inventory/hotels-repository.ts';

export type { IndexedRatePlan, IndexedRoomType } from '../inventory/hotel-content-codec.ts';

export interface IndexedHotel {
  id: string;
  code: string;
  name: string;
  nameFolded: string;
  city_id: string;
  city_name: string;
  country_code: string;
  chain: string | null;
  stars: number;
  address: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  check_in_time: string;
  check_out_time: string;
  amenities: string[];
  /** The first image; the rest are in the hotel's details. */
  image: string | null;
  roomTypes: IndexedRoomType[];
  ratePlans: IndexedRatePlan[];
}

/** Hotels kept as objects once a search has asked for them: a few of the largest cities' worth. */
const HOTELS_MATERIALIZED = 60_000;

/**
 * Active hotels in memory, in columns: numbers in typed arrays, repeated strings and rules (time zones,
 * amenity lists, seasons, cancellation policies…) stored once and referred to by number, unique strings
 * packed in buffers. A hotel becomes an object (`IndexedHotel`, with its room types and rate plans) when
 * a search first asks for it, and stays one while it is among the HOTELS_MATERIALIZED most recently
 * asked for. Looked up by id, by city, or by grid cell for radius searches.
 */
export class HotelIndex {
  readonly version: number;

  private readonly strings = new InternTable<string>();
  private readonly values = new InternTable<unknown>();

  // Hotels, by position.
  private readonly ids: string[] = [];
  private readonly folded: string[] = [];
  private readonly codes = new StringColumn();
  private readonly names = new StringColumn();
  private readonly addresses = new StringColumn();
  private readonly images = new StringColumn();
  private readonly cityOf = new NumberColumn(Uint32Array);
  private readonly chainOf = new NumberColumn(Int32Array);
  private readonly stars = new NumberColumn(Uint8Array);
  private readonly latitudes = new NumberColumn(Float64Array);
  private readonly longitudes = new NumberColumn(Float64Array);
  /** Time zone, check-in time, check-out time, amenities: interned numbers. */
  private readonly hotelRefs = new NumberColumn(Uint32Array);
  private readonly firstRoom = new NumberColumn(Uint32Array);
  private readonly roomCount = new NumberColumn(Uint16Array);
  private readonly firstPlan = new NumberColumn(Uint32Array);
  private readonly planCount = new NumberColumn(Uint16Array);

  // Room types and rate plans, by position.
  private readonly roomIds = new StringColumn();
  /** Code, name, beds, amenities: interned numbers. */
  private readonly roomRefs = new NumberColumn(Uint32Array);
  /** size_m2, rooms, max_adults, max_children, max_occupancy. */
  private readonly roomNumbers = new NumberColumn(Uint32Array);
  private readonly roomFactors = new NumberColumn(Float64Array);
  private readonly planIds = new StringColumn();
  /** The rest of a rate plan, which repeats across hotels: an interned object. */
  private readonly planRules = new NumberColumn(Uint32Array);
  private readonly planBase = new NumberColumn(Float64Array);

  private readonly byId = new Map<string, number>();
  private readonly byCity = new Map<string, number[]>();
  /** Hotels by grid cell of GRID_DEGREES, for radius searches that look at a few cells, not every hotel. */
  private readonly grid = new Map<string, number[]>();
  private readonly made = new LRUCache<number, IndexedHotel>({ max: HOTELS_MATERIALIZED });

  private readonly catalogue: Catalogue;
  private readonly fold: (s: string) => string;

  constructor(version: number, catalogue: Catalogue, fold: (s: string) => string) {
    this.version = version;
    this.catalogue = catalogue;
    this.fold = fold;
  }

  /** How many hotels it holds. */
  get size(): number {
    return this.byId.size;
  }

  /** Adds a page of hotels with their room types and rate plans (rows of other hotels are ignored). */
  add(rows: { hotels: IndexHotelTuple[]; roomTypes: IndexRoomTuple[]; ratePlans: IndexPlanTuple[] }): this {
    const rooms = group(rows.roomTypes);
    const plans = group(rows.ratePlans);
    for (const h of rows.hotels) {
      const [id, code, name, cityId, chain, stars, address, latitude, longitude] = h;
      const at = this.ids.push(id) - 1;
      this.folded.push(this.fold(name));
      this.codes.push(code);
      this.names.push(name);
      this.addresses.push(address);
      this.images.push(decodeImages(h[13])[0] ?? '');
      this.cityOf.push(this.string(cityId));
      this.chainOf.push(chain === null ? -1 : this.string(chain));
      this.stars.push(stars);
      this.latitudes.push(latitude);
      this.longitudes.push(longitude);
      this.hotelRefs.push(this.string(h[9]));
      this.hotelRefs.push(this.string(h[10]));
      this.hotelRefs.push(this.string(h[11]));
      this.hotelRefs.push(this.amenities(h[12]));
      const ownRooms = rooms.get(id) ?? [];
      this.firstRoom.push(this.roomIds.length);
      this.roomCount.push(ownRooms.length);
      for (const r of ownRooms) this.addRoom(r);
      const ownPlans = plans.get(id) ?? [];
      this.firstPlan.push(this.planIds.length);
      this.planCount.push(ownPlans.length);
      for (const p of ownPlans) this.addPlan(p);
      this.byId.set(id, at);
      const list = this.byCity.get(cityId);
      if (list) list.push(at);
      else this.byCity.set(cityId, [at]);
      const key = cellOf(latitude, longitude);
      const cell = this.grid.get(key);
      if (cell) cell.push(at);
      else this.grid.set(key, [at]);
    }
    return this;
  }

  /** A hotel by id, if active. */
  hotel(id: string): IndexedHotel | undefined {
    const at = this.byId.get(id);
    return at === undefined ? undefined : this.hotelAt(at);
  }

  /** The active hotels of a city. */
  inCity(cityId: string): IndexedHotel[] {
    return (this.byCity.get(cityId) ?? []).map((at) => this.hotelAt(at));
  }

  /** How many active hotels each city has. */
  cityCounts(): Map<string, number> {
    return new Map([...this.byCity].map(([city, list]) => [city, list.length]));
  }

  /** Hotels whose folded name contains `q` (already folded), in index order, at most `max`. */
  named(q: string, max: number): IndexedHotel[] {
    const out: IndexedHotel[] = [];
    for (let at = 0; at < this.folded.length && out.length < max; at++)
      if (this.folded[at]!.includes(q)) out.push(this.hotelAt(at));
    return out;
  }

  /** Hotels in the grid cells that cover a circle (a superset of those inside it; the caller measures). */
  near(latitude: number, longitude: number, radiusKm: number): IndexedHotel[] {
    const latSpan = radiusKm / 111;
    const lonSpan = radiusKm / (111 * Math.max(0.01, Math.cos((latitude * Math.PI) / 180)));
    const out: IndexedHotel[] = [];
    const rows = cellRange(latitude - latSpan, latitude + latSpan);
    const columns =
      lonSpan >= 180
        ? cellRange(-180, 180 - GRID_DEGREES)
        : cellRange(longitude - lonSpan, longitude + lonSpan);
    const seen = new Set<string>();
    for (const r of rows) {
      for (const c of columns) {
        const key = `${r}|${wrapColumn(c)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const at of this.grid.get(key) ?? []) out.push(this.hotelAt(at));
      }
    }
    return out;
  }

  private string(value: string): number {
    return this.strings.number(value, () => value);
  }

  private amenities(text: string): number {
    return this.values.number(text, () => decodeAmenities(text));
  }

  private addRoom(r: IndexRoomTuple): void {
    const [, id, code, name, beds, amenities, size, rooms, adults, children, occupancy, factor] = r;
    this.roomIds.push(id);
    this.roomRefs.push(this.string(code));
    this.roomRefs.push(this.string(name));
    this.roomRefs.push(this.string(beds));
    this.roomRefs.push(this.amenities(amenities));
    this.roomNumbers.push(size);
    this.roomNumbers.push(rooms);
    this.roomNumbers.push(adults);
    this.roomNumbers.push(children);
    this.roomNumbers.push(occupancy);
    this.roomFactors.push(factor);
  }

  private addPlan(p: IndexPlanTuple): void {
    this.planIds.push(p[1]);
    this.planBase.push(p[2]);
    const rules = p.slice(3);
    this.planRules.push(this.values.number(rules.join('\u0000'), () => planRules(rules)));
  }

  private hotelAt(at: number): IndexedHotel {
    const known = this.made.get(at);
    if (known) return known;
    const cityId = this.strings.at(this.cityOf.at(at));
    const city = this.catalogue.cityById.get(cityId);
    const chain = this.chainOf.at(at);
    const image = this.images.at(at);
    const hotel: IndexedHotel = {
      id: this.ids[at]!,
      code: this.codes.at(at),
      name: this.names.at(at),
      nameFolded: this.folded[at]!,
      city_id: cityId,
      city_name: city?.name ?? '',
      country_code: city?.country_code ?? '',
      chain: chain < 0 ? null : this.strings.at(chain),
      stars: this.stars.at(at),
      address: this.addresses.at(at),
      latitude: this.latitudes.at(at),
      longitude: this.longitudes.at(at),
      time_zone: this.strings.at(this.hotelRefs.at(at * 4)),
      check_in_time: this.strings.at(this.hotelRefs.at(at * 4 + 1)),
      check_out_time: this.strings.at(this.hotelRefs.at(at * 4 + 2)),
      amenities: this.values.at(this.hotelRefs.at(at * 4 + 3)) as string[],
      image: image === '' ? null : image,
      roomTypes: Array.from({ length: this.roomCount.at(at) }, (_, i) =>
        this.roomAt(this.firstRoom.at(at) + i),
      ),
      ratePlans: Array.from({ length: this.planCount.at(at) }, (_, i) =>
        this.planAt(this.firstPlan.at(at) + i),
      ),
    };
    this.made.set(at, hotel);
    return hotel;
  }

  private roomAt(at: number): IndexedRoomType {
    const [size, rooms, adults, children, occupancy] = [0, 1, 2, 3, 4].map((k) =>
      this.roomNumbers.at(at * 5 + k),
    );
    return {
      id: this.roomIds.at(at),
      code: this.strings.at(this.roomRefs.at(at * 4)),
      name: this.strings.at(this.roomRefs.at(at * 4 + 1)),
      beds: this.strings.at(this.roomRefs.at(at * 4 + 2)),
      amenities: this.values.at(this.roomRefs.at(at * 4 + 3)) as string[],
      size_m2: size!,
      rooms: rooms!,
      max_adults: adults!,
      max_children: children!,
      max_occupancy: occupancy!,
      price_factor: this.roomFactors.at(at),
    };
  }

  private planAt(at: number): IndexedRatePlan {
    const rules = this.values.at(this.planRules.at(at)) as Omit<IndexedRatePlan, 'id' | 'base_amount'>;
    return { ...rules, id: this.planIds.at(at), base_amount: this.planBase.at(at) };
  }
}

/** A rate plan's rules (RATE_PLAN_RULE_COLUMNS in order), decoded once however many plans share them. */
function planRules(rules: unknown[]): Omit<IndexedRatePlan, 'id' | 'base_amount'> {
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

const GRID_DEGREES = 0.25;
const COLUMNS = 360 / GRID_DEGREES;
const cellRange = (from: number, to: number) => {
  const out: number[] = [];
  for (let i = Math.floor(from / GRID_DEGREES); i <= Math.floor(to / GRID_DEGREES); i++) out.push(i);
  return out;
};
const wrapColumn = (c: number) => ((((c + COLUMNS / 2) % COLUMNS) + COLUMNS) % COLUMNS) - COLUMNS / 2;
const cellOf = (latitude: number, longitude: number) =>
  `${Math.floor(latitude / GRID_DEGREES)}|${wrapColumn(Math.floor(longitude / GRID_DEGREES))}`;

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
