import { type Kysely, sql } from 'kysely';
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
      await logChange(trx, key.date);
      return Number(row.sold) - seats;
    },

    async release(trx: Kysely<Database>, key: SeatKey, seats: number): Promise<void> {
      await trx
        .updateTable('seat_inventory')
        .set({ sold: sql<number>`${sql.ref('sold')} - ${seats}` })
        .where('schedule_id', '=', key.scheduleId)
        .where('departure_date', '=', key.date)
        .where('cabin', '=', key.cabin)
        .execute();
      await logChange(trx, key.date);
    },

    /**
     * How many seat changes each departure date has seen (0 for none): a date's figure moves with every
     * committed sale or release on it, in any process, and with nothing else. Read it before the seats
     * sold it vouches for.
     */
    async changesOn(dates: readonly string[]): Promise<Map<string, number>> {
      const changes = new Map(dates.map((d) => [d, 0]));
      if (dates.length === 0) return changes;
      const rows = await db
        .selectFrom('seat_changes')
        .select(['departure_date', (eb) => eb.fn.sum<number>('weight').as('weight')])
        .where('departure_date', 'in', dates)
        .groupBy('departure_date')
        .execute();
      for (const r of rows) changes.set(r.departure_date, Number(r.weight));
      return changes;
    },

    /**
     * Folds each date's change rows into one of the same weight (so `changesOn` reads a row or two a
     * date) and forgets dates before `today`. Safe beside sales: a row written meanwhile is neither
     * deleted nor counted in the fold.
     */
    async compactChanges(today: string, rowsPerDate = 32): Promise<number> {
      await db.deleteFrom('seat_changes').where('departure_date', '<', today).execute();
      const busy = await db
        .selectFrom('seat_changes')
        .select('departure_date')
        .groupBy('departure_date')
        .having((eb) => eb.fn.countAll(), '>', rowsPerDate)
        .execute();
      for (const { departure_date } of busy)
        await db.transaction().execute(async (trx) => {
          const gone = await trx
            .deleteFrom('seat_changes')
            .where('departure_date', '=', departure_date)
            .returning('weight')
            .execute();
          const weight = gone.reduce((n, r) => n + Number(r.weight), 0);
          if (weight > 0) await trx.insertInto('seat_changes').values({ departure_date, weight }).execute();
        });
      return busy.length;
    },
  };
}

/** Counts a seat change on a departure date, in the transaction that makes it. */
function logChange(trx: Kysely<Database>, date: string): Promise<unknown> {
  return trx.insertInto('seat_changes').values({ departure_date: date, weight: 1 }).execute();
}

export type SeatInventoryRepository = ReturnType<typeof createSeatInventoryRepository>;
