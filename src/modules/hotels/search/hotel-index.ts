import type { Catalogue } from '../../catalog/index.ts';
import type { RatePlanRules, RoomRules } from '../inventory/hotel-rates.ts';
import type { HotelRow, RatePlanRow, RoomTypeRow } from '../inventory/hotels-repository.ts';

/** What the index reads of a hotel: no description or policies, which only the details page shows. */
export type IndexHotelRow = Omit<
  HotelRow,
  'description' | 'policies' | 'created_at' | 'updated_at' | 'active'
>;

/**
 * Shares equal strings and equal parsed JSON between rows. Hundreds of thousands of rate plans and
 * room types repeat a few seasons, policies, names and amenity lists; shared, they cost memory once.
 */
export class Interner {
  private readonly strings = new Map<string, string>();
  private readonly parsed = new Map<string, unknown>();
  string<T extends string | null>(value: T): T {
    if (value === null) return value;
    const known = this.strings.get(value);
    if (known !== undefined) return known as T;
    this.strings.set(value, value);
    return value;
  }
  json<T>(text: string): T {
    if (this.parsed.has(text)) return this.parsed.get(text) as T;
    const value = JSON.parse(text) as T;
    this.parsed.set(text, value);
    return value;
  }
}

export interface IndexedRoomType extends RoomRules {
  id: string;
  code: string;
  name: string;
  beds: string;
  size_m2: number;
  amenities: string[];
  rooms: number;
}

export interface IndexedRatePlan extends RatePlanRules {
  id: string;
  code: string;
  name: string;
  board: RatePlanRow['board'];
}

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

/** Active hotels in memory, by id and by city, with parsed room types and rate plans. */
export class HotelIndex {
  readonly version: number;
  readonly byId = new Map<string, IndexedHotel>();
  readonly byCity = new Map<string, IndexedHotel[]>();
  readonly all: IndexedHotel[] = [];
  /** Hotels by grid cell of GRID_DEGREES, for radius searches that look at a few cells, not every hotel. */
  private readonly grid = new Map<string, IndexedHotel[]>();

  private readonly intern = new Interner();

  private readonly catalogue: Catalogue;
  private readonly fold: (s: string) => string;

  constructor(version: number, catalogue: Catalogue, fold: (s: string) => string) {
    this.version = version;
    this.catalogue = catalogue;
    this.fold = fold;
  }

  /** Adds a page of hotels with their room types and rate plans (rows of other hotels are ignored). */
  add(rows: { hotels: IndexHotelRow[]; roomTypes: RoomTypeRow[]; ratePlans: RatePlanRow[] }): this {
    const rooms = group(rows.roomTypes, (r) => r.hotel_id);
    const plans = group(rows.ratePlans, (r) => r.hotel_id);
    const i = this.intern;
    for (const h of rows.hotels) {
      const city = this.catalogue.cityById.get(h.city_id);
      const hotel: IndexedHotel = {
        id: h.id,
        code: h.code,
        name: h.name,
        nameFolded: this.fold(h.name),
        city_id: i.string(h.city_id),
        city_name: city?.name ?? '',
        country_code: city?.country_code ?? '',
        chain: i.string(h.chain),
        stars: h.stars,
        address: h.address,
        latitude: h.latitude,
        longitude: h.longitude,
        time_zone: i.string(h.time_zone),
        check_in_time: i.string(h.check_in_time),
        check_out_time: i.string(h.check_out_time),
        amenities: i.json<string[]>(h.amenities),
        image: (JSON.parse(h.images) as string[])[0] ?? null,
        roomTypes: (rooms.get(h.id) ?? []).map((r) => indexRoomType(r, i)),
        ratePlans: (plans.get(h.id) ?? []).map((p) => indexRatePlan(p, i)),
      };
      this.byId.set(hotel.id, hotel);
      this.all.push(hotel);
      const list = this.byCity.get(hotel.city_id);
      if (list) list.push(hotel);
      else this.byCity.set(hotel.city_id, [hotel]);
      const key = cellOf(hotel.latitude, hotel.longitude);
      const cell = this.grid.get(key);
      if (cell) cell.push(hotel);
      else this.grid.set(key, [hotel]);
    }
    return this;
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
        const cell = this.grid.get(key);
        if (cell) out.push(...cell);
      }
    }
    return out;
  }
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

/** A room type row with its JSON parsed. */
export function indexRoomType(r: RoomTypeRow, i: Interner = new Interner()): IndexedRoomType {
  return {
    id: r.id,
    code: i.string(r.code),
    name: i.string(r.name),
    beds: i.string(r.beds),
    size_m2: r.size_m2,
    amenities: i.json<string[]>(r.amenities),
    rooms: r.rooms,
    max_adults: r.max_adults,
    max_children: r.max_children,
    max_occupancy: r.max_occupancy,
    price_factor: r.price_factor,
  };
}

/** A rate plan row with its JSON parsed. */
export function indexRatePlan(p: RatePlanRow, i: Interner = new Interner()): IndexedRatePlan {
  return {
    id: p.id,
    code: i.string(p.code),
    name: i.string(p.name),
    board: i.string(p.board),
    currency: i.string(p.currency),
    base_amount: p.base_amount,
    standard_adults: p.standard_adults,
    extra_adult_percent: p.extra_adult_percent,
    seasons: i.json(p.seasons),
    weekday_percents: i.json(p.weekday_percents),
    child_bands: i.json(p.child_bands),
    taxes: i.json(p.taxes),
    cancellation: i.json(p.cancellation),
    min_stay: p.min_stay,
    closed_to_arrival: i.string(p.closed_to_arrival),
  };
}

function group<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
