import type { Catalogue } from '../../catalog/index.ts';
import {
  decodeImages,
  decodeRatePlan,
  decodeRoomType,
  type IndexedRatePlan,
  type IndexedRoomType,
  Interner,
} from '../inventory/hotel-content-codec.ts';
import type { HotelRow, RatePlanRow, RoomTypeRow } from '../inventory/hotels-repository.ts';

export type { IndexedRatePlan, IndexedRoomType } from '../inventory/hotel-content-codec.ts';

/** What the index reads of a hotel: no description or policies, which only the details page shows. */
export type IndexHotelRow = Omit<
  HotelRow,
  'description' | 'policies' | 'created_at' | 'updated_at' | 'active'
>;

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
        image: decodeImages(h.images)[0] ?? null,
        roomTypes: (rooms.get(h.id) ?? []).map((r) => decodeRoomType(r, i)),
        ratePlans: (plans.get(h.id) ?? []).map((p) => decodeRatePlan(p, i)),
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
