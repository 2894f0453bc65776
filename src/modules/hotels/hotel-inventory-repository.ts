import type { Kysely } from 'kysely';
import { chunks } from '../../db/chunks.ts';
import type { Database } from '../../db/tables.ts';

export interface NightState {
  sold: number;
  /** Rooms for sale that night when an allotment overrides the room type's default. */
  rooms: number | null;
  closed: boolean;
  closedToArrival: boolean;
}

/** Rooms sold and allotment overrides per room type and night, read in batches. */
export function createHotelInventoryRepository(db: Kysely<Database>) {
  return {
    /** The state of every night in [from, to) for the room types; nights with nothing stored are absent. */
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
      for (const ids of chunks(roomTypeIds)) {
        const [sold, overrides] = await Promise.all([
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
        ]);
        for (const r of sold) state(`${r.room_type_id}|${r.night}`).sold = r.sold;
        for (const o of overrides) {
          const s = state(`${o.room_type_id}|${o.night}`);
          s.rooms = o.rooms;
          s.closed = o.closed === 1;
          s.closedToArrival = o.closed_to_arrival === 1;
        }
      }
      return out;
    },
  };
}

export type HotelInventoryRepository = ReturnType<typeof createHotelInventoryRepository>;
