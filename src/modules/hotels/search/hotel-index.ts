import { LRUCache } from 'lru-cache';
import { InternTable } from '../../../shared/columns.ts';
import { packSnapshot, unpackSnapshot } from '../../../shared/snapshot.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { columnSections, columnsFrom } from './hotel-columns.ts';
import { HotelGrid } from './hotel-grid.ts';
import type { HotelRows, IndexedHotel, PlanRules, RankingRoom } from './hotel-index.types.ts';
import { hotelObject } from './hotel-objects.ts';
import { appendHotels, emptyStore, type HotelIndexRows, type HotelStore } from './hotel-store.ts';

export type {
  HotelRows,
  IndexedHotel,
  IndexedRatePlan,
  IndexedRoomType,
  PlanRules,
  RankingRoom,
} from './hotel-index.types.ts';

/** Hotels kept as objects once a search has asked for them: a few of the largest cities' worth. */
const HOTELS_MATERIALIZED = 60_000;

/** What a snapshot's header holds besides the columns. */
interface SnapshotMeta {
  /** Its layout: 2 adds the reviews' columns (an older snapshot is rebuilt). */
  kind: 'hotel-index/2';
  version: number;
  strings: { keys: string[]; values: string[] };
  values: { keys: string[]; values: unknown[] };
}

/**
 * Active hotels in memory, in columns (`hotel-store.ts`): numbers in typed arrays, repeated strings and
 * rules stored once and referred to by number, unique strings packed in buffers. Searches read the
 * columns one fact at a time; a hotel becomes an object (`hotel-objects.ts`) when a page first shows
 * it, and stays one while it is among the HOTELS_MATERIALIZED most recently asked for. Looked up by id,
 * by city, or by grid cell for radius searches. Changed hotels are replaced (`replace`); the index can
 * be saved to a snapshot and loaded back in a fraction of a build.
 */
export class HotelIndex {
  /** The change counter of the data it holds. */
  version: number;

  private store: HotelStore = emptyStore();
  private removed = 0;

  private readonly byId = new Map<string, number>();
  private readonly byCity = new Map<string, number[]>();
  private readonly grid = new HotelGrid();
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
    return this.store.ids.length === 0 ? 0 : this.removed / this.store.ids.length;
  }

  /** Adds a page of hotels with their room types and rate plans (rows of other hotels are ignored). */
  add(rows: HotelIndexRows): this {
    for (const at of appendHotels(this.store, rows, this.fold)) this.place(at);
    return this;
  }

  /**
   * Takes the hotels of `ids` out and puts in `rows`, their content as it is now (a hotel withdrawn
   * or gone has none), at `version`. The old positions stay unused until the next build.
   */
  replace(ids: Iterable<string>, rows: HotelIndexRows, version: number): this {
    const c = this.store.c;
    for (const id of ids) {
      const at = this.byId.get(id);
      if (at === undefined) continue;
      this.byId.delete(id);
      without(this.byCity, this.cityIdAt(at), at);
      this.grid.remove(at, c.latitudes.at(at), c.longitudes.at(at));
      c.alive.set(at, 0);
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
    return this.store.c.alive.at(position) === 1 ? this.hotelAt(position) : undefined;
  }

  /** The position of an active hotel by id. */
  positionOfId(id: string): number | undefined {
    return this.byId.get(id);
  }

  /*
   * What ranking reads of the hotel at a position, from the columns, one fact at a time: a search looks
   * at thousands and makes no object of any.
   */

  /** The latitude of the hotel at a position. */
  latitudeAt(at: number): number {
    return this.store.c.latitudes.values()[at]!;
  }

  /** Its longitude. */
  longitudeAt(at: number): number {
    return this.store.c.longitudes.values()[at]!;
  }

  /** Its id. */
  idAt(at: number): string {
    return this.store.ids[at]!;
  }

  /** The id of its city. */
  cityIdAt(at: number): string {
    return this.store.strings.at(this.store.c.cityOf.values()[at]!);
  }

  /** Its stars. */
  starsAt(at: number): number {
    return this.store.c.stars.values()[at]!;
  }

  /** Its IANA time zone. */
  timeZoneAt(at: number): string {
    return this.store.strings.at(this.store.c.hotelRefs.values()[at * 4]!);
  }

  /** Its amenities (shared with every hotel that has the same; not to be changed). */
  amenitiesAt(at: number): readonly string[] {
    return this.store.values.at(this.store.c.hotelRefs.values()[at * 4 + 3]!) as string[];
  }

  /** Its name, folded as searches by name fold theirs. */
  foldedNameAt(at: number): string {
    return this.store.folded[at]!;
  }

  /** Its name (decoded from its column). */
  nameAt(at: number): string {
    return this.store.c.names.at(at);
  }

  /** Where its room type rows and rate plan rows begin and how many there are, written into `into`. */
  rowsInto(at: number, into: HotelRows): void {
    const c = this.store.c;
    into.firstRoom = c.firstRoom.values()[at]!;
    into.roomCount = c.roomCount.values()[at]!;
    into.firstPlan = c.firstPlan.values()[at]!;
    into.planCount = c.planCount.values()[at]!;
  }

  /** The rules of room type row `r`, written into `into` (one object serves a whole search). */
  roomRulesInto(r: number, into: Omit<RankingRoom, 'id'>): void {
    const numbers = this.store.c.roomNumbers.values();
    into.rooms = numbers[r * 5 + 1]!;
    into.max_adults = numbers[r * 5 + 2]!;
    into.max_children = numbers[r * 5 + 3]!;
    into.max_occupancy = numbers[r * 5 + 4]!;
    into.price_factor = this.store.c.roomFactors.values()[r]!;
  }

  /** The id of room type row `r` (decoded from its column). */
  roomIdAt(r: number): string {
    return this.store.c.roomIds.at(r);
  }

  /** How many rooms room type row `r` has. */
  roomCountAt(r: number): number {
    return this.store.c.roomNumbers.values()[r * 5 + 1]!;
  }

  /** The shared rules of rate plan row `p`. */
  planRulesAt(p: number): PlanRules {
    return this.store.values.at(this.store.c.planRules.values()[p]!) as PlanRules;
  }

  /** The id of rate plan row `p` (decoded from its column). */
  planIdAt(p: number): string {
    return this.store.c.planIds.at(p);
  }

  /** The base amount of rate plan row `p`, its own. */
  planBaseAt(p: number): number {
    return this.store.c.planBase.values()[p]!;
  }

  /** How many active hotels each city has. */
  cityCounts(): Map<string, number> {
    return new Map([...this.byCity].map(([city, list]) => [city, list.length]));
  }

  /** Hotels whose folded name contains `q` (already folded), in index order, at most `max`. */
  named(q: string, max: number): IndexedHotel[] {
    const out: IndexedHotel[] = [];
    const alive = this.store.c.alive.values();
    const folded = this.store.folded;
    for (let at = 0; at < folded.length && out.length < max; at++)
      if (alive[at] === 1 && folded[at]!.includes(q)) out.push(this.hotelAt(at));
    return out;
  }

  /**
   * The positions of the hotels in the grid cells that cover a circle: a superset of those inside it
   * (the caller measures), from a few cells rather than every hotel.
   */
  nearPositions(latitude: number, longitude: number, radiusKm: number): number[] {
    return this.grid.near(latitude, longitude, radiusKm);
  }

  /** The whole index as pieces of a file (`fromSnapshot` loads it back). */
  toSnapshot(): Uint8Array[] {
    const meta: SnapshotMeta = {
      kind: 'hotel-index/2',
      version: this.version,
      strings: this.store.strings.entries(),
      values: this.store.values.entries(),
    };
    return packSnapshot(meta, columnSections(this.store.c));
  }

  /** The index a snapshot holds, or undefined when the bytes are not a whole snapshot of one. */
  static fromSnapshot(
    bytes: Buffer,
    catalogue: Catalogue,
    fold: (s: string) => string,
  ): HotelIndex | undefined {
    const packed = unpackSnapshot(bytes);
    const meta = packed?.meta as SnapshotMeta | undefined;
    if (!packed || meta?.kind !== 'hotel-index/2') return undefined;
    const section = (name: string) => {
      const s = packed.sections.get(name);
      if (!s) throw new Error(`hotel index snapshot without ${name}`);
      return s;
    };
    const c = columnsFrom(section);
    const count = c.alive.length;
    const index = new HotelIndex(meta.version, catalogue, fold);
    index.store = {
      strings: InternTable.fromEntries(meta.strings),
      values: InternTable.fromEntries(meta.values),
      c,
      ids: Array.from({ length: count }, (_, at) => c.ids.at(at)),
      folded: Array.from({ length: count }, (_, at) => c.folded.at(at)),
    };
    for (let at = 0; at < count; at++) {
      if (c.alive.at(at) === 1) index.place(at);
      else index.removed++;
    }
    return index;
  }

  /** Makes a position findable by id, city and grid cell. */
  private place(at: number): void {
    const c = this.store.c;
    this.byId.set(this.store.ids[at]!, at);
    const city = this.cityIdAt(at);
    const list = this.byCity.get(city);
    if (list) list.push(at);
    else this.byCity.set(city, [at]);
    this.grid.add(at, c.latitudes.at(at), c.longitudes.at(at));
  }

  private hotelAt(at: number): IndexedHotel {
    const known = this.made.get(at);
    if (known) return known;
    const hotel = hotelObject(this.store, this.catalogue, at);
    this.made.set(at, hotel);
    return hotel;
  }
}

/** A list of a map without one value (the list goes when empty). */
function without(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key)?.filter((v) => v !== value);
  if (list && list.length > 0) map.set(key, list);
  else map.delete(key);
}
