import type { Kysely, Selectable } from 'kysely';
import { logChanges } from '../../../db/change-log.ts';
import { chunks } from '../../../db/chunks.ts';
import { afterPosition, type KeysetPosition } from '../../../db/keyset.ts';
import type {
  Database,
  HotelsTable,
  RatePlansTable,
  RoomNightOverridesTable,
  RoomTypesTable,
} from '../../../db/tables.ts';
import { createHotelIndexRowsRepository } from './hotel-index-rows-repository.ts';

export type HotelRow = Selectable<HotelsTable>;
/** A hotel as an import writes it: its reviews' score and count are the reviews' own. */
export type NewHotelRow = Omit<HotelRow, 'review_score' | 'review_count'>;
export type RoomTypeRow = Selectable<RoomTypesTable>;
export type RatePlanRow = Selectable<RatePlansTable>;
export type OverrideRow = Selectable<RoomNightOverridesTable>;

/** Hotel content, room types, rate plans and night overrides: what hotel operators sell. */
export function createHotelsRepository(db: Kysely<Database>) {
  return {
    ...createHotelIndexRowsRepository(db),
    /** Inserts or updates hotels by code; returns each code's id (existing ids are kept). */
    async upsertHotels(trx: Kysely<Database>, rows: NewHotelRow[]): Promise<Map<string, string>> {
      const ids = new Map<string, string>();
      for (const chunk of chunks(rows)) {
        const saved = await trx
          .insertInto('hotels')
          .values(chunk)
          .onConflict((oc) =>
            oc.column('code').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              city_id: eb.ref('excluded.city_id'),
              chain: eb.ref('excluded.chain'),
              stars: eb.ref('excluded.stars'),
              address: eb.ref('excluded.address'),
              latitude: eb.ref('excluded.latitude'),
              longitude: eb.ref('excluded.longitude'),
              time_zone: eb.ref('excluded.time_zone'),
              check_in_time: eb.ref('excluded.check_in_time'),
              check_out_time: eb.ref('excluded.check_out_time'),
              description: eb.ref('excluded.description'),
              descriptions: eb.ref('excluded.descriptions'),
              amenities: eb.ref('excluded.amenities'),
              images: eb.ref('excluded.images'),
              policies: eb.ref('excluded.policies'),
              active: eb.ref('excluded.active'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .returning(['id', 'code'])
          .execute();
        for (const r of saved) ids.set(r.code, r.id);
      }
      return ids;
    },

    /** Inserts or updates room types by (hotel, code); returns `hotel_id|code` → id. */
    async upsertRoomTypes(trx: Kysely<Database>, rows: RoomTypeRow[]): Promise<Map<string, string>> {
      const ids = new Map<string, string>();
      for (const chunk of chunks(rows)) {
        const saved = await trx
          .insertInto('room_types')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['hotel_id', 'code']).doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              beds: eb.ref('excluded.beds'),
              max_adults: eb.ref('excluded.max_adults'),
              max_children: eb.ref('excluded.max_children'),
              max_occupancy: eb.ref('excluded.max_occupancy'),
              size_m2: eb.ref('excluded.size_m2'),
              amenities: eb.ref('excluded.amenities'),
              descriptions: eb.ref('excluded.descriptions'),
              rooms: eb.ref('excluded.rooms'),
              price_factor: eb.ref('excluded.price_factor'),
            })),
          )
          .returning(['id', 'hotel_id', 'code'])
          .execute();
        for (const r of saved) ids.set(`${r.hotel_id}|${r.code}`, r.id);
      }
      return ids;
    },

    async upsertRatePlans(trx: Kysely<Database>, rows: RatePlanRow[]): Promise<void> {
      for (const chunk of chunks(rows)) {
        await trx
          .insertInto('rate_plans')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['hotel_id', 'code']).doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              board: eb.ref('excluded.board'),
              currency: eb.ref('excluded.currency'),
              base_amount: eb.ref('excluded.base_amount'),
              standard_adults: eb.ref('excluded.standard_adults'),
              extra_adult_percent: eb.ref('excluded.extra_adult_percent'),
              seasons: eb.ref('excluded.seasons'),
              weekday_percents: eb.ref('excluded.weekday_percents'),
              child_bands: eb.ref('excluded.child_bands'),
              taxes: eb.ref('excluded.taxes'),
              cancellation: eb.ref('excluded.cancellation'),
              min_stay: eb.ref('excluded.min_stay'),
              closed_to_arrival: eb.ref('excluded.closed_to_arrival'),
              payment_type: eb.ref('excluded.payment_type'),
            })),
          )
          .execute();
      }
    },

    /** Sets a hotel's pictures (their URLs, in order), inside the caller's transaction. */
    async setImages(
      trx: Kysely<Database>,
      hotelId: string,
      images: readonly string[],
      at: string,
    ): Promise<void> {
      await trx
        .updateTable('hotels')
        .set({ images: JSON.stringify(images), updated_at: at })
        .where('id', '=', hotelId)
        .execute();
    },

    async upsertOverrides(trx: Kysely<Database>, rows: OverrideRow[]): Promise<void> {
      for (const chunk of chunks(rows)) {
        await trx
          .insertInto('room_night_overrides')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['room_type_id', 'night']).doUpdateSet((eb) => ({
              rooms: eb.ref('excluded.rooms'),
              closed: eb.ref('excluded.closed'),
              closed_to_arrival: eb.ref('excluded.closed_to_arrival'),
            })),
          )
          .execute();
      }
      await logChanges(trx, 'rooms', [...new Set(rows.map((r) => r.night))]);
    },

    /** The hotel feed: every hotel (inactive too) changed since a time, oldest change first, in keyset pages. */
    async feed(
      filter: { cityId?: string | undefined; updatedSince?: string | undefined },
      after: KeysetPosition | undefined,
      limit: number,
    ): Promise<{ rows: HotelRow[]; more: boolean }> {
      let q = db.selectFrom('hotels').selectAll();
      if (filter.cityId) q = q.where('city_id', '=', filter.cityId);
      if (filter.updatedSince) q = q.where('updated_at', '>=', filter.updatedSince);
      if (after) q = q.where((eb) => afterPosition(eb, 'updated_at', after, false));
      const rows = await q
        .orderBy('updated_at')
        .orderBy('id')
        .limit(limit + 1)
        .execute();
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },
    findHotelById(id: string): Promise<HotelRow | undefined> {
      return db.selectFrom('hotels').selectAll().where('id', '=', id).executeTakeFirst();
    },
    listActiveHotels(): Promise<HotelRow[]> {
      return db.selectFrom('hotels').selectAll().where('active', '=', 1).execute();
    },
    findHotelByCode(code: string): Promise<HotelRow | undefined> {
      return db.selectFrom('hotels').selectAll().where('code', '=', code).executeTakeFirst();
    },
    roomTypesOf(hotelId: string): Promise<RoomTypeRow[]> {
      return db
        .selectFrom('room_types')
        .selectAll()
        .where('hotel_id', '=', hotelId)
        .orderBy('code')
        .execute();
    },
    ratePlansOf(hotelId: string): Promise<RatePlanRow[]> {
      return db
        .selectFrom('rate_plans')
        .selectAll()
        .where('hotel_id', '=', hotelId)
        .orderBy('code')
        .execute();
    },
    overridesOf(roomTypeId: string): Promise<OverrideRow[]> {
      return db
        .selectFrom('room_night_overrides')
        .selectAll()
        .where('room_type_id', '=', roomTypeId)
        .orderBy('night')
        .execute();
    },
    /** A hotel with one of its room types and rate plans, read now (not from a cache); undefined if any is gone. */
    async product(
      ids: { hotel_id: string; room_type_id: string; rate_plan_id: string },
      from: Kysely<Database> = db,
    ): Promise<{ hotel: HotelRow; roomType: RoomTypeRow; ratePlan: RatePlanRow } | undefined> {
      const [hotel, roomType, ratePlan] = await Promise.all([
        from.selectFrom('hotels').selectAll().where('id', '=', ids.hotel_id).executeTakeFirst(),
        from
          .selectFrom('room_types')
          .selectAll()
          .where('id', '=', ids.room_type_id)
          .where('hotel_id', '=', ids.hotel_id)
          .executeTakeFirst(),
        from
          .selectFrom('rate_plans')
          .selectAll()
          .where('id', '=', ids.rate_plan_id)
          .where('hotel_id', '=', ids.hotel_id)
          .executeTakeFirst(),
      ]);
      return hotel && roomType && ratePlan ? { hotel, roomType, ratePlan } : undefined;
    },
    /** The ids of hotels by code, each with its room types' ids by code; codes not found are absent. */
    async hotelKeys(
      trx: Kysely<Database>,
      codes: readonly string[],
    ): Promise<Map<string, { id: string; roomTypes: Map<string, string> }>> {
      const keys = new Map<string, { id: string; roomTypes: Map<string, string> }>();
      for (const chunk of chunks([...new Set(codes)])) {
        const rows = await trx
          .selectFrom('hotels')
          .leftJoin('room_types', 'room_types.hotel_id', 'hotels.id')
          .select(['hotels.id as hotel_id', 'hotels.code as hotel_code', 'room_types.id', 'room_types.code'])
          .where('hotels.code', 'in', chunk)
          .execute();
        for (const r of rows) {
          const hotel = keys.get(r.hotel_code) ?? { id: r.hotel_id, roomTypes: new Map<string, string>() };
          if (r.id && r.code) hotel.roomTypes.set(r.code, r.id);
          keys.set(r.hotel_code, hotel);
        }
      }
      return keys;
    },
    async countHotels(): Promise<number> {
      const row = await db
        .selectFrom('hotels')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type HotelsRepository = ReturnType<typeof createHotelsRepository>;
