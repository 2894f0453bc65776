import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, FlightCancellationsTable, FlightRetimesTable } from '../../../db/tables.ts';

export type CancellationRow = Selectable<FlightCancellationsTable>;
export type RetimeRow = Selectable<FlightRetimesTable>;

/** A dated flight that sold more seats in a cabin than its schedule now has. */
export interface OversoldFlight {
  flight_id: string;
  carrier: string;
  flight_number: number;
  departure_date: string;
  cabin: string;
  sold: number;
  capacity: number;
}

/**
 * What operators change of single dated flights after a schedule is sold: a flight retimed, a flight
 * cancelled, and the flights an import left oversold.
 */
export function createFlightChangesRepository(db: Kysely<Database>) {
  return {
    /**
     * Dated flights (from `fromDate` on) that hold more seats sold than their schedule now has in a
     * cabin: what an import that cut capacity leaves for the operator to rebook. Reads only flights
     * that sold something.
     */
    async oversold(trx: Kysely<Database>, fromDate: string): Promise<OversoldFlight[]> {
      const capacity = sql<number>`case ${sql.ref('i.cabin')}
        when 'economy' then ${sql.ref('s.capacity_economy')}
        when 'premium_economy' then ${sql.ref('s.capacity_premium_economy')}
        when 'business' then ${sql.ref('s.capacity_business')}
        else ${sql.ref('s.capacity_first')} end`;
      const rows = await trx
        .selectFrom('seat_inventory as i')
        .innerJoin('flight_schedules as s', 's.id', 'i.schedule_id')
        .select([
          's.id as flight_id',
          's.carrier',
          's.flight_number',
          'i.departure_date',
          'i.cabin',
          'i.sold',
          capacity.as('capacity'),
        ])
        .where('i.departure_date', '>=', fromDate)
        .where(sql<boolean>`${sql.ref('i.sold')} > ${capacity}`)
        .orderBy('i.departure_date')
        .orderBy('s.id')
        .execute();
      return rows.map((r) => ({ ...r, sold: Number(r.sold), capacity: Number(r.capacity) }));
    },

    /** The retimes stored now of some dated flights (read inside a booking's transaction). */
    async retimesOf(
      trx: Kysely<Database>,
      flights: ReadonlyArray<{ scheduleId: string; date: string }>,
    ): Promise<RetimeRow[]> {
      if (flights.length === 0) return [];
      return trx
        .selectFrom('flight_retimes')
        .selectAll()
        .where('schedule_id', 'in', [...new Set(flights.map((f) => f.scheduleId))])
        .where('departure_date', 'in', [...new Set(flights.map((f) => f.date))])
        .execute();
    },

    /** The dates of a schedule an operator moved one by one (they keep their own time). */
    async retimedDates(trx: Kysely<Database>, scheduleId: string): Promise<Set<string>> {
      const rows = await trx
        .selectFrom('flight_retimes')
        .select('departure_date')
        .where('schedule_id', '=', scheduleId)
        .execute();
      return new Set(rows.map((r) => r.departure_date));
    },

    listRetimes(): Promise<RetimeRow[]> {
      return db.selectFrom('flight_retimes').selectAll().execute();
    },
    /** Sets one dated flight's new time; answers the time it had before (null: the schedule's). */
    async upsertRetime(trx: Kysely<Database>, row: RetimeRow): Promise<RetimeRow | null> {
      const before = await trx
        .selectFrom('flight_retimes')
        .selectAll()
        .where('schedule_id', '=', row.schedule_id)
        .where('departure_date', '=', row.departure_date)
        .executeTakeFirst();
      await trx
        .insertInto('flight_retimes')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['schedule_id', 'departure_date']).doUpdateSet({
            departure_time: row.departure_time,
            duration_minutes: row.duration_minutes,
            reason: row.reason,
            created_at: row.created_at,
          }),
        )
        .execute();
      return before ?? null;
    },
    listCancellations(): Promise<CancellationRow[]> {
      return db.selectFrom('flight_cancellations').selectAll().execute();
    },
    async insertCancellation(trx: Kysely<Database>, row: CancellationRow): Promise<boolean> {
      const result = await trx
        .insertInto('flight_cancellations')
        .values(row)
        .onConflict((oc) => oc.columns(['schedule_id', 'departure_date']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}
