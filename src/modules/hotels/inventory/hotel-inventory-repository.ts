import { type Kysely, type Selectable, sql } from 'kysely';
import { changesOn, logChanges } from '../../../db/change-log.ts';
import { chunks } from '../../../db/chunks.ts';
import type { Database, RateNightsTable } from '../../../db/tables.ts';
import type { RateExtras, RateNight } from './rate-nights.ts';

export interface NightState {
  sold: number;
  /** Rooms for sale that night when an allotment overrides the room type's default. */
  rooms: number | null;
  closed: boolean;
  closedToArrival: boolean;
  /** What channel managers set of each rate plan that night, by rate plan id (absent: nothing). */
  plans?: Map<string, RateNight>;
}

/** A stored `rate_nights` row as a rate night. */
export const rateNightOf = (r: Selectable<RateNightsTable>): RateNight => ({
  amount: r.amount,
  byGuests: r.by_guests === null ? null : (JSON.parse(r.by_guests) as Record<string, number>),
  extras: r.extras === null ? null : (JSON.parse(r.extras) as RateExtras),
  closed: r.closed === 1,
  closedToArrival: r.closed_to_arrival === 1,
  closedToDeparture: r.closed_to_departure === 1,
  minStay: r.min_stay,
  maxStay: r.max_stay,
});

/**
 * Room types asked about per query: a city search at world scale asks about tens of thousands, and a
 * query each 300 cost more than the rows (both engines take far more parameters: SQLite 32,766, PostgreSQL 65,535).
 */
const IDS_PER_QUERY = 5_000;

/** Rooms sold and allotment overrides per room type and night, read in batches. */
export function createHotelInventoryRepository(db: Kysely<Database>) {
  return {
    /**
     * The state of every night in [from, to) for the room types, with what channels set of their rate
     * plans on those nights and on `to` (a stay's departure day, whose closed-to-departure counts);
     * nights with nothing stored are absent.
     */
    async nights(roomTypeIds: readonly string[], from: string, to: string): Promise<Map<string, NightState>> {
      const out = new Map<string, NightState>();
      const state = (key: string) => {
        let s = out.get(key);
        if (!s) {
          s = { sold: 0, rooms: null, closed: false, closedToArrival: false };
          out.set(key, s);
        }
        return s;
      };
      for (const ids of chunks(roomTypeIds, IDS_PER_QUERY)) {
        const [sold, overrides, rates] = await Promise.all([
          db
            .selectFrom('room_nights_sold')
            .selectAll()
            .where('room_type_id', 'in', ids)
            .where('night', '>=', from)
            .where('night', '<', to)
            .execute(),
          db
            .selectFrom('room_night_overrides')
            .selectAll()
            .where('room_type_id', 'in', ids)
            .where('night', '>=', from)
            .where('night', '<', to)
            .execute(),
          db
            .selectFrom('rate_nights')
            .selectAll()
            .where('room_type_id', 'in', ids)
            .where('night', '>=', from)
            .where('night', '<=', to)
            .execute(),
        ]);
        for (const r of sold) state(`${r.room_type_id}|${r.night}`).sold = r.sold;
        for (const o of overrides) {
          const s = state(`${o.room_type_id}|${o.night}`);
          s.rooms = o.rooms;
          s.closed = o.closed === 1;
          s.closedToArrival = o.closed_to_arrival === 1;
        }
        for (const r of rates) {
          const s = state(`${r.room_type_id}|${r.night}`);
          s.plans ??= new Map();
          s.plans.set(r.rate_plan_id, rateNightOf(r));
        }
      }
      return out;
    },

    /**
     * Takes `count` rooms of a type on every night, in night order, inside the caller's transaction.
     * Each night is one conditional upsert that only succeeds while sold stays within that night's
     * allotment as stored now (an override, else the room type's default; a closed night has none), so
     * no cached figure is trusted. Returns the first night that could not be taken, or null when all
     * were; the caller rolls back on a night, so nothing is left half-taken.
     */
    async take(
      trx: Kysely<Database>,
      roomTypeId: string,
      nights: readonly string[],
      count: number,
    ): Promise<string | null> {
      const room = await trx
        .selectFrom('room_types')
        .select('rooms')
        .where('id', '=', roomTypeId)
        .executeTakeFirst();
      if (!room) return nights[0] ?? null;
      const overrides = new Map(
        (
          await trx
            .selectFrom('room_night_overrides')
            .selectAll()
            .where('room_type_id', '=', roomTypeId)
            .where('night', 'in', [...nights])
            .execute()
        ).map((o) => [o.night, o]),
      );
      for (const night of [...nights].sort()) {
        const o = overrides.get(night);
        const capacity = o?.closed === 1 ? 0 : (o?.rooms ?? room.rooms);
        if (count > capacity) return night;
        const row = await trx
          .insertInto('room_nights_sold')
          .values({ room_type_id: roomTypeId, night, sold: count })
          .onConflict((oc) =>
            oc
              .columns(['room_type_id', 'night'])
              .doUpdateSet({ sold: sql<number>`${sql.ref('room_nights_sold.sold')} + ${count}` })
              .where(sql<boolean>`${sql.ref('room_nights_sold.sold')} + ${count} <= ${capacity}`),
          )
          .returning('sold')
          .executeTakeFirst();
        if (!row) return night;
      }
      await logChanges(trx, 'rooms', nights);
      return null;
    },

    /**
     * Gives back `count` rooms of a type on each night; inside the caller's transaction. Night by night
     * in order, like `take`, so transactions touching the same nights lock them in the same order and
     * cannot deadlock on PostgreSQL.
     */
    async release(
      trx: Kysely<Database>,
      roomTypeId: string,
      nights: readonly string[],
      count: number,
    ): Promise<void> {
      for (const night of [...nights].sort()) {
        await trx
          .updateTable('room_nights_sold')
          .set({ sold: sql<number>`${sql.ref('sold')} - ${count}` })
          .where('room_type_id', '=', roomTypeId)
          .where('night', '=', night)
          .execute();
      }
      await logChanges(trx, 'rooms', nights);
    },

    /** How many room changes each night has seen (`change-log.ts`); read before the nights it vouches for. */
    changesOn: (nights: readonly string[]) => changesOn(db, 'rooms', nights),
  };
}

export type HotelInventoryRepository = ReturnType<typeof createHotelInventoryRepository>;
