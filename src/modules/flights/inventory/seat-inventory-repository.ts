import { type Kysely, sql } from 'kysely';
import { changesOn, logChanges } from '../../../db/change-log.ts';
import { chunks } from '../../../db/chunks.ts';
import type { Database } from '../../../db/tables.ts';
import type { Cabin } from './network-file.ts';

export interface SeatKey {
  scheduleId: string;
  date: string;
  cabin: Cabin;
}

const CAPACITY_COLUMN = {
  economy: 'capacity_economy',
  premium_economy: 'capacity_premium_economy',
  business: 'capacity_business',
  first: 'capacity_first',
} as const satisfies Record<Cabin, string>;

const keyOf = (k: SeatKey) => `${k.scheduleId}|${k.date}|${k.cabin}`;

/**
 * Seats sold per dated flight and cabin. Rows exist only once something is sold, so a year of
 * schedule costs nothing until it sells.
 */
export function createSeatInventoryRepository(db: Kysely<Database>) {
  return {
    keyOf,
    /** Seats sold for many flights in few queries; missing rows are zero. */
    async soldFor(keys: readonly SeatKey[]): Promise<Map<string, number>> {
      const sold = new Map<string, number>();
      const unique = [...new Map(keys.map((k) => [keyOf(k), k])).values()];
      for (const chunk of chunks(unique)) {
        const rows = await db
          .selectFrom('seat_inventory')
          .select(['schedule_id', 'departure_date', 'cabin', 'sold'])
          .where('schedule_id', 'in', [...new Set(chunk.map((k) => k.scheduleId))])
          .where('departure_date', 'in', [...new Set(chunk.map((k) => k.date))])
          .execute();
        for (const r of rows) sold.set(`${r.schedule_id}|${r.departure_date}|${r.cabin}`, r.sold);
      }
      return sold;
    },

    /**
     * Takes `seats` if that many are left, in one statement: the row is created or incremented only
     * while the total stays within the capacity stored for the schedule now (never a cached copy: an
     * import that cut it a moment ago counts), and only while the schedule is active and the flight not
     * cancelled that day. Returns the seats sold before, or null when too few are left. Call inside the
     * booking transaction.
     */
    async take(trx: Kysely<Database>, key: SeatKey, seats: number): Promise<number | null> {
      const column = CAPACITY_COLUMN[key.cabin];
      const capacity = trx
        .selectFrom('flight_schedules')
        .select(column)
        .where('id', '=', key.scheduleId)
        .where('status', '=', 'active')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('flight_cancellations')
                .select('schedule_id')
                .where('schedule_id', '=', key.scheduleId)
                .where('departure_date', '=', key.date),
            ),
          ),
        );
      const row = await trx
        .insertInto('seat_inventory')
        .columns(['schedule_id', 'departure_date', 'cabin', 'sold'])
        .expression(
          capacity
            .clearSelect()
            .select([
              sql<string>`cast(${key.scheduleId} as text)`.as('schedule_id'),
              sql<string>`cast(${key.date} as text)`.as('departure_date'),
              sql<Cabin>`cast(${key.cabin} as text)`.as('cabin'),
              sql<number>`cast(${seats} as integer)`.as('sold'),
            ])
            .where(column, '>=', seats),
        )
        .onConflict((oc) =>
          oc
            .columns(['schedule_id', 'departure_date', 'cabin'])
            .doUpdateSet({ sold: sql<number>`${sql.ref('seat_inventory.sold')} + ${seats}` })
            .where(sql<boolean>`${sql.ref('seat_inventory.sold')} + ${seats} <= (${capacity})`),
        )
        .returning('sold')
        .executeTakeFirst();
      if (!row) return null;
      await logChanges(trx, 'seats', [key.date]);
      return Number(row.sold) - seats;
    },

    /**
     * Locks a dated flight's seat rows in every cabin until the transaction ends, making them if need be
     * (none sold): a booking taking seats on it waits for the transaction, and the transaction's next
     * statements see every booking that took seats before it. A retime does it before it tells bookings.
     */
    async lockDatedFlight(trx: Kysely<Database>, scheduleId: string, date: string): Promise<void> {
      await trx
        .insertInto('seat_inventory')
        .values(
          (Object.keys(CAPACITY_COLUMN) as Cabin[]).map((cabin) => ({
            schedule_id: scheduleId,
            departure_date: date,
            cabin,
            sold: 0,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['schedule_id', 'departure_date', 'cabin'])
            .doUpdateSet({ sold: sql<number>`${sql.ref('seat_inventory.sold')}` }),
        )
        .execute();
    },

    async release(trx: Kysely<Database>, key: SeatKey, seats: number): Promise<void> {
      await trx
        .updateTable('seat_inventory')
        .set({ sold: sql<number>`${sql.ref('sold')} - ${seats}` })
        .where('schedule_id', '=', key.scheduleId)
        .where('departure_date', '=', key.date)
        .where('cabin', '=', key.cabin)
        .execute();
      await logChanges(trx, 'seats', [key.date]);
    },

    /** How many seat changes each departure date has seen (`change-log.ts`); read before the seats sold. */
    changesOn: (dates: readonly string[]) => changesOn(db, 'seats', dates),
  };
}

export type SeatInventoryRepository = ReturnType<typeof createSeatInventoryRepository>;
