import { LRUCache } from 'lru-cache';
import { InternTable } from '../../../shared/columns.ts';
import { packSnapshot, unpackSnapshot } from '../../../shared/snapshot.ts';
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
} from '../inventory/hotel-index-rows-repository.ts';
import type { RatePlanRow } from '../inventory/hotels-repository.ts';
import { columnSections, columnsFrom, emptyColumns } from './hotel-columns.ts';

export type { IndexedRatePlan, IndexedRoomType } from '../inventory/hotel-content-codec.ts';

/** What ranking reads of a room type: how many rooms, who fits, its price factor. */
export type RankingRoom = Pick<
  IndexedRoomType,
  'id' | 'rooms' | 'max_adults' | 'max_children' | 'max_occupancy' | 'price_factor'
>;

/** Where a hotel's room type rows and rate plan rows begin in the index, and how many there are. */
export interface HotelRows {
  firstRoom: number;
  roomCount: number;
  firstPlan: number;
  planCount: number;
}

/** A rate plan's rules as stored once for every plan sharing them: no id, no base amount. */
export type PlanRules = Omit<IndexedRatePlan, 'id' | 'base_amount'>;

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

/** What a snapshot's header holds besides the columns. */
interface SnapshotMeta {
  kind: 'hotel-index';
  version: number;
  strings: { keys: string[]; values: string[] };
  values: { keys: string[]; values: unknown[] };
}

/**
 * Active hotels in memory, in columns: numbers in typed arrays, repeated strings and rules (time zones,
 * amenity lists, seasons, cancellation policies…) stored once and referred to by number, unique strings
 * packed in buffers. A hotel becomes an object (`IndexedHotel`, with its room types and rate plans) when
 * a search first asks for it, and stays one while it is among the HOTELS_MATERIALIZED most recently
 * asked for. Looked up by id, by city, or by grid cell for radius searches. Changed hotels are replaced
 * in place (`replace`); the index can be saved to a snapshot and loaded back in a fraction of a build.
 */
export class HotelIndex {
  /** The change counter of the data it holds. */
  version: number;

  private strings = new InternTable<string>();
  private values = new InternTable<unknown>();
  private c = emptyColumns();
  /** Per position, as strings too: ids key `byId`, folded names are scanned by `named`. */
  private ids: string[] = [];
  private folded: string[] = [];
  private removed = 0;

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

  /** Of the positions it has used, how many hold a hotel replaced or withdrawn since (0 to 1). */
  get wasted(): number {
    return this.ids.length === 0 ? 0 : this.removed / this.ids.length;
  }

  /** Adds a page of hotels with their room types and rate plans (rows of other hotels are ignored). */
  add(rows: { hotels: IndexHotelTuple[]; roomTypes: IndexRoomTuple[]; ratePlans: IndexPlanTuple[] }): this {
    const rooms = group(rows.roomTypes);
    const plans = group(rows.ratePlans);
    const c = this.c;
    for (const h of rows.hotels) {
      const [id, code, name, cityId, chain, stars, address, latitude, longitude] = h;
      const folded = this.fold(name);
      this.ids.push(id);
      this.folded.push(folded);
      c.ids.push(id);
      c.folded.push(folded);
      c.codes.push(code);
      c.names.push(name);
      c.addresses.push(address);
      c.images.push(decodeImages(h[13])[0] ?? '');
      c.alive.push(1);
      c.cityOf.push(this.string(cityId));
      c.chainOf.push(chain === null ? -1 : this.string(chain));
      c.stars.push(stars);
      c.latitudes.push(latitude);
      c.longitudes.push(longitude);
      c.hotelRefs.push(this.string(h[9]));
      c.hotelRefs.push(this.string(h[10]));
      c.hotelRefs.push(this.string(h[11]));
      c.hotelRefs.push(this.amenities(h[12]));
      const ownRooms = rooms.get(id) ?? [];
      c.firstRoom.push(c.roomIds.length);
      c.roomCount.push(ownRooms.length);
      for (const r of ownRooms) this.addRoom(r);
      const ownPlans = plans.get(id) ?? [];
      c.firstPlan.push(c.planIds.length);
      c.planCount.push(ownPlans.length);
      for (const p of ownPlans) this.addPlan(p);
      this.place(c.alive.length - 1);
    }
    return this;
  }

  /**
   * Takes the hotels of `ids` out and puts in `rows`, their content as it is now (a hotel withdrawn
   * or gone has none), at `version`. The old positions stay unused until the next build.
   */
  replace(
    ids: Iterable<string>,
    rows: { hotels: IndexHotelTuple[]; roomTypes: IndexRoomTuple[]; ratePlans: IndexPlanTuple[] },
    version: number,
  ): this {
    for (const id of ids) {
      const at = this.byId.get(id);
      if (at === undefined) continue;
      this.byId.delete(id);
      without(this.byCity, this.strings.at(this.c.cityOf.at(at)), at);
      without(this.grid, cellOf(this.c.latitudes.at(at), this.c.longitudes.at(at)), at);
      this.c.alive.set(at, 0);
      this.made.delete(at);
      this.removed++;
    }
    this.add(rows);
    this.version = version;
    return this;
  }

  /** A hotel by id, if active. */
  hotel(id: string): IndexedHotel | undefined {
    const at = this.byId.get(id);
    return at === undefined ? undefined : this.hotelAt(at);
  }

  /** The positions of a city's active hotels: numbers a search materializes (`at`) only as it needs. */
  cityPositions(cityId: string): readonly number[] {
    return this.byCity.get(cityId) ?? [];
  }

  /** The hotel at a position, unless it stopped being active since the position was taken. */
  at(position: number): IndexedHotel | undefined {
    return this.c.alive.at(position) === 1 ? this.hotelAt(position) : undefined;
  }

  /** The latitude of the hotel at a position, read from its column. */
  latitudeAt(position: number): number {
    return this.c.latitudes.values()[position]!;
  }

  /** The longitude of the hotel at a position, read from its column. */
  longitudeAt(position: number): number {
    return this.c.longitudes.values()[position]!;
  }

  /** The position of an active hotel by id. */
  positionOfId(id: string): number | undefined {
    return this.byId.get(id);
  }

  /*
   * What ranking reads of the hotel at a position, from the columns, one fact at a time: a search looks
   * at thousands and makes no object of any.
   */

  /** The id of the hotel at a position. */
  idAt(at: number): string {
    return this.ids[at]!;
  }

  /** The id of its city. */
  cityIdAt(at: number): string {
    return this.strings.at(this.c.cityOf.values()[at]!);
  }

  /** Its stars. */
  starsAt(at: number): number {
    return this.c.stars.values()[at]!;
  }

  /** Its IANA time zone. */
  timeZoneAt(at: number): string {
    return this.strings.at(this.c.hotelRefs.values()[at * 4]!);
  }

  /** Its amenities (shared with every hotel that has the same; not to be changed). */
  amenitiesAt(at: number): readonly string[] {
    return this.values.at(this.c.hotelRefs.values()[at * 4 + 3]!) as string[];
  }

  /** Its name, folded as searches by name fold theirs. */
  foldedNameAt(at: number): string {
    return this.folded[at]!;
  }

  /** Where its room type rows and rate plan rows begin and how many there are, written into `into`. */
  rowsInto(at: number, into: HotelRows): void {
    const c = this.c;
    into.firstRoom = c.firstRoom.values()[at]!;
    into.roomCount = c.roomCount.values()[at]!;
    into.firstPlan = c.firstPlan.values()[at]!;
    into.planCount = c.planCount.values()[at]!;
  }

  /** The rules of room type row `r`, written into `into` (one object serves a whole search). */
  roomRulesInto(r: number, into: Omit<RankingRoom, 'id'>): void {
    const numbers = this.c.roomNumbers.values();
    into.rooms = numbers[r * 5 + 1]!;
    into.max_adults = numbers[r * 5 + 2]!;
    into.max_children = numbers[r * 5 + 3]!;
    into.max_occupancy = numbers[r * 5 + 4]!;
    into.price_factor = this.c.roomFactors.values()[r]!;
  }

  /** The id of room type row `r` (decoded from its column). */
  roomIdAt(r: number): string {
    return this.c.roomIds.at(r);
  }

  /** How many rooms room type row `r` has. */
  roomCountAt(r: number): number {
    return this.c.roomNumbers.values()[r * 5 + 1]!;
  }

  /** The shared rules of rate plan row `p`. */
  planRulesAt(p: number): PlanRules {
    return this.values.at(this.c.planRules.values()[p]!) as PlanRules;
  }

  /** The base amount of rate plan row `p`, its own. */
  planBaseAt(p: number): number {
    return this.c.planBase.values()[p]!;
  }

  /** The name of the hotel at a position (decoded from its column). */
  nameAt(at: number): string {
    return this.c.names.at(at);
  }

  /** How many active hotels each city has. */
  cityCounts(): Map<string, number> {
    return new Map([...this.byCity].map(([city, list]) => [city, list.length]));
  }

  /** Hotels whose folded name contains `q` (already folded), in index order, at most `max`. */
  named(q: string, max: number): IndexedHotel[] {
    const out: IndexedHotel[] = [];
    for (let at = 0; at < this.folded.length && out.length < max; at++)
      if (this.c.alive.values()[at] === 1 && this.folded[at]!.includes(q)) out.push(this.hotelAt(at));
    return out;
  }

  /**
   * The positions of the hotels in the grid cells that cover a circle: a superset of those inside it
   * (the caller measures), from a few cells rather than every hotel.
   */
  nearPositions(latitude: number, longitude: number, radiusKm: number): number[] {
    const latSpan = radiusKm / 111;
    const lonSpan = radiusKm / (111 * Math.max(0.01, Math.cos((latitude * Math.PI) / 180)));
    const out: number[] = [];
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
        for (const at of this.grid.get(key) ?? []) out.push(at);
      }
    }
    return out;
  }

  /** The whole index as pieces of a file (`fromSnapshot` loads it back). */
  toSnapshot(): Uint8Array[] {
    const meta: SnapshotMeta = {
      kind: 'hotel-index',
      version: this.version,
      strings: this.strings.entries(),
      values: this.values.entries(),
    };
    return packSnapshot(meta, columnSections(this.c));
  }

  /** The index a snapshot holds, or undefined when the bytes are not a whole snapshot of one. */
  static fromSnapshot(
    bytes: Buffer,
    catalogue: Catalogue,
    fold: (s: string) => string,
  ): HotelIndex | undefined {
    const packed = unpackSnapshot(bytes);
    const meta = packed?.meta as SnapshotMeta | undefined;
    if (!packed || meta?.kind !== 'hotel-index') return undefined;
    const section = (name: string) => {
      const s = packed.sections.get(name);
      if (!s) throw new Error(`hotel index snapshot without ${name}`);
      return s;
    };
    const index = new HotelIndex(meta.version, catalogue, fold);
    index.strings = InternTable.fromEntries(meta.strings);
    index.values = InternTable.fromEntries(meta.values);
    const columns = columnsFrom(section);
    index.c = columns;
    const count = columns.alive.length;
    index.ids = Array.from({ length: count }, (_, at) => columns.ids.at(at));
    index.folded = Array.from({ length: count }, (_, at) => columns.folded.at(at));
    for (let at = 0; at < count; at++) {
      if (columns.alive.at(at) === 1) index.place(at);
      else index.removed++;
    }
    return index;
  }

  /** Makes a position findable by id, city and grid cell. */
  private place(at: number): void {
    const c = this.c;
    this.byId.set(this.ids[at]!, at);
    const city = this.strings.at(c.cityOf.at(at));
    const list = this.byCity.get(city);
    if (list) list.push(at);
    else this.byCity.set(city, [at]);
    const key = cellOf(c.latitudes.at(at), c.longitudes.at(at));
    const cell = this.grid.get(key);
    if (cell) cell.push(at);
    else this.grid.set(key, [at]);
  }

  private string(value: string): number {
    return this.strings.number(value, () => value);
  }

  private amenities(text: string): number {
    return this.values.number(text, () => decodeAmenities(text));
  }

  private addRoom(r: IndexRoomTuple): void {
    const [, id, code, name, beds, amenities, size, rooms, adults, children, occupancy, factor] = r;
    const c = this.c;
    c.roomIds.push(id);
    c.roomRefs.push(this.string(code));
    c.roomRefs.push(this.string(name));
    c.roomRefs.push(this.string(beds));
    c.roomRefs.push(this.amenities(amenities));
    c.roomNumbers.push(size);
    c.roomNumbers.push(rooms);
    c.roomNumbers.push(adults);
    c.roomNumbers.push(children);
    c.roomNumbers.push(occupancy);
    c.roomFactors.push(factor);
  }

  private addPlan(p: IndexPlanTuple): void {
    this.c.planIds.push(p[1]);
    this.c.planBase.push(p[2]);
    const rules = p.slice(3);
    this.c.planRules.push(this.values.number(rules.join('\u0000'), () => planRules(rules)));
  }

  private hotelAt(at: number): IndexedHotel {
    const known = this.made.get(at);
    if (known) return known;
    const c = this.c;
    const cityId = this.strings.at(c.cityOf.at(at));
    const city = this.catalogue.cityById.get(cityId);
    const chain = c.chainOf.at(at);
    const image = c.images.at(at);
    const hotel: IndexedHotel = {
      id: this.ids[at]!,
      code: c.codes.at(at),
      name: c.names.at(at),
      nameFolded: this.folded[at]!,
      city_id: cityId,
      city_name: city?.name ?? '',
      country_code: city?.country_code ?? '',
      chain: chain < 0 ? null : this.strings.at(chain),
      stars: c.stars.at(at),
      address: c.addresses.at(at),
      latitude: c.latitudes.at(at),
      longitude: c.longitudes.at(at),
      time_zone: this.strings.at(c.hotelRefs.at(at * 4)),
      check_in_time: this.strings.at(c.hotelRefs.at(at * 4 + 1)),
      check_out_time: this.strings.at(c.hotelRefs.at(at * 4 + 2)),
      amenities: this.values.at(c.hotelRefs.at(at * 4 + 3)) as string[],
      image: image === '' ? null : image,
      roomTypes: Array.from({ length: c.roomCount.at(at) }, (_, i) => this.roomAt(c.firstRoom.at(at) + i)),
      ratePlans: Array.from({ length: c.planCount.at(at) }, (_, i) => this.planAt(c.firstPlan.at(at) + i)),
    };
    this.made.set(at, hotel);
    return hotel;
  }

  private roomAt(at: number): IndexedRoomType {
    const c = this.c;
    const n = (k: number) => c.roomNumbers.at(at * 5 + k);
    return {
      id: c.roomIds.at(at),
      code: this.strings.at(c.roomRefs.at(at * 4)),
      name: this.strings.at(c.roomRefs.at(at * 4 + 1)),
      beds: this.strings.at(c.roomRefs.at(at * 4 + 2)),
      amenities: this.values.at(c.roomRefs.at(at * 4 + 3)) as string[],
      size_m2: n(0),
      rooms: n(1),
      max_adults: n(2),
      max_children: n(3),
      max_occupancy: n(4),
      price_factor: c.roomFactors.at(at),
    };
  }

  private planAt(at: number): IndexedRatePlan {
    const rules = this.values.at(this.c.planRules.at(at)) as Omit<IndexedRatePlan, 'id' | 'base_amount'>;
    return { ...rules, id: this.c.planIds.at(at), base_amount: this.c.planBase.at(at) };
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

/** A list of a map without one value (the list goes when empty). */
function without(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key)?.filter((v) => v !== value);
  if (list && list.length > 0) map.set(key, list);
  else map.delete(key);
}
