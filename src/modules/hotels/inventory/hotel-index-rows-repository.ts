import type { Kysely, SelectQueryBuilder } from 'kysely';
import { readArrays } from '../../../db/bulk-read.ts';
import { chunks } from '../../../db/chunks.ts';
import { afterPosition } from '../../../db/keyset.ts';
import type { Database } from '../../../db/tables.ts';

/** A hotel as the search index reads it (`indexPage`), column by column. */
export type IndexHotelTuple = [
  id: string,
  code: string,
  name: string,
  city_id: string,
  chain: string | null,
  stars: number,
  address: string,
  latitude: number,
  longitude: number,
  time_zone: string,
  check_in_time: string,
  check_out_time: string,
  amenities: string,
  images: string,
  review_score: number,
  review_count: number,
];

/** A room type as the search index reads it, after its hotel's id. */
export type IndexRoomTuple = [
  hotel_id: string,
  id: string,
  code: string,
  name: string,
  beds: string,
  amenities: string,
  size_m2: number,
  rooms: number,
  max_adults: number,
  max_children: number,
  max_occupancy: number,
  price_factor: number,
];

/** A rate plan's rules: the columns that repeat across hotels (all but ids, base amount and times). */
export const RATE_PLAN_RULE_COLUMNS = [
  'code',
  'name',
  'board',
  'currency',
  'standard_adults',
  'extra_adult_percent',
  'seasons',
  'weekday_percents',
  'child_bands',
  'taxes',
  'cancellation',
  'min_stay',
  'closed_to_arrival',
  'payment_type',
] as const;

/** A rate plan as the search index reads it: hotel id, id, base amount, then RATE_PLAN_RULE_COLUMNS. */
export type IndexPlanTuple = [hotel_id: string, id: string, base_amount: number, ...rules: unknown[]];

/** Hotels, room types and rate plans as the search index reads them: arrays of columns, not objects. */
export function createHotelIndexRowsRepository(db: Kysely<Database>) {
  /** Active hotels with the columns the search index reads (`IndexHotelTuple`). */
  const indexHotels = () =>
    db
      .selectFrom('hotels')
      .select([
        'id',
        'code',
        'name',
        'city_id',
        'chain',
        'stars',
        'address',
        'latitude',
        'longitude',
        'time_zone',
        'check_in_time',
        'check_out_time',
        'amenities',
        'images',
        'review_score',
        'review_count',
      ])
      .where('active', '=', 1);
  /** Room types as the search index reads them (`IndexRoomTuple`), in each hotel's order. */
  const indexRooms = () =>
    db
      .selectFrom('room_types')
      .select([
        'hotel_id',
        'id',
        'code',
        'name',
        'beds',
        'amenities',
        'size_m2',
        'rooms',
        'max_adults',
        'max_children',
        'max_occupancy',
        'price_factor',
      ])
      .orderBy('hotel_id')
      .orderBy('price_factor')
      .orderBy('code');
  /** Rate plans as the search index reads them (`IndexPlanTuple`), in each hotel's order. */
  const indexPlans = () =>
    db
      .selectFrom('rate_plans')
      .select(['hotel_id', 'id', 'base_amount', ...RATE_PLAN_RULE_COLUMNS])
      .orderBy('hotel_id')
      .orderBy('code');

  return {
    /**
     * One page of active hotels for the search index, in order of city and id after `after` (the last
     * hotel of the page before; none for the first), with their room types and rate plans, as arrays of
     * the columns search needs (`IndexHotelTuple`…), so a large inventory loads in bounded steps without
     * an object per row, and a city's hotels come together.
     */
    async indexPage(after: { cityId: string; id: string } | null, limit: number) {
      const page = <T extends SelectQueryBuilder<Database, 'hotels', object>>(query: T) =>
        (after
          ? query.where((eb) => afterPosition(eb, 'city_id', { value: after.cityId, id: after.id }, false))
          : query
        )
          .orderBy('city_id')
          .orderBy('id')
          .limit(limit) as T;
      const hotels = await readArrays<IndexHotelTuple>(db, page(indexHotels()));
      if (hotels.length === 0) return { hotels, roomTypes: [], ratePlans: [] };
      const ids = page(db.selectFrom('hotels').select('id').where('active', '=', 1));
      const [roomTypes, ratePlans] = await Promise.all([
        readArrays<IndexRoomTuple>(db, indexRooms().where('hotel_id', 'in', ids)),
        readArrays<IndexPlanTuple>(db, indexPlans().where('hotel_id', 'in', ids)),
      ]);
      return { hotels, roomTypes, ratePlans };
    },

    /** The index rows of some hotels, as `indexPage` gives them; hotels withdrawn or unknown are absent. */
    async indexRows(ids: readonly string[]) {
      const out = {
        hotels: [] as IndexHotelTuple[],
        roomTypes: [] as IndexRoomTuple[],
        ratePlans: [] as IndexPlanTuple[],
      };
      for (const chunk of chunks([...new Set(ids)])) {
        const [hotels, roomTypes, ratePlans] = await Promise.all([
          readArrays<IndexHotelTuple>(db, indexHotels().where('id', 'in', chunk)),
          readArrays<IndexRoomTuple>(db, indexRooms().where('hotel_id', 'in', chunk)),
          readArrays<IndexPlanTuple>(db, indexPlans().where('hotel_id', 'in', chunk)),
        ]);
        out.hotels.push(...hotels);
        out.roomTypes.push(...roomTypes);
        out.ratePlans.push(...ratePlans);
      }
      return out;
    },
  };
}
