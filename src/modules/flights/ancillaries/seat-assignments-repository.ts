import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';

export interface SeatAssignment {
  scheduleId: string;
  date: string;
  seat: string;
  bookingId: string;
  passengerId: string;
}

/**
 * Who sits where. A seat on a dated flight is one row, keyed by the flight and the seat, so of any number
 * of concurrent selections exactly one inserts it; the others find it taken.
 */
export function createSeatAssignmentsRepository(db: Kysely<Database>) {
  return {
    /**
     * Assigns seats in the caller's transaction, in key order (so two bookings never wait on each other);
     * returns the first that another passenger holds, or null when all were free and are now assigned.
     */
    async assign(
      trx: Kysely<Database>,
      seats: readonly SeatAssignment[],
      at: string,
    ): Promise<SeatAssignment | null> {
      const ordered = [...seats].sort((a, b) =>
        `${a.scheduleId}|${a.date}|${a.seat}`.localeCompare(`${b.scheduleId}|${b.date}|${b.seat}`),
      );
      for (const s of ordered) {
        const result = await trx
          .insertInto('seat_assignments')
          .values({
            schedule_id: s.scheduleId,
            departure_date: s.date,
            seat: s.seat,
            booking_id: s.bookingId,
            passenger_id: s.passengerId,
            created_at: at,
          })
          .onConflict((oc) => oc.columns(['schedule_id', 'departure_date', 'seat']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return s;
      }
      return null;
    },

    /** Gives seats back: of one booking, all of them or those of some passengers on some flights. */
    async release(
      trx: Kysely<Database>,
      bookingId: string,
      only?: ReadonlyArray<{ scheduleId: string; date: string; passengerId: string }>,
    ): Promise<void> {
      if (only?.length === 0) return;
      let query = trx.deleteFrom('seat_assignments').where('booking_id', '=', bookingId);
      if (only)
        query = query.where((eb) =>
          eb.or(
            only.map((o) =>
              eb.and([
                eb('schedule_id', '=', o.scheduleId),
                eb('departure_date', '=', o.date),
                eb('passenger_id', '=', o.passengerId),
              ]),
            ),
          ),
        );
      await query.execute();
    },

    /** The seats taken on a dated flight, with whose they are. */
    async onFlight(
      scheduleId: string,
      date: string,
    ): Promise<Array<{ seat: string; bookingId: string; passengerId: string }>> {
      const rows = await db
        .selectFrom('seat_assignments')
        .select(['seat', 'booking_id', 'passenger_id'])
        .where('schedule_id', '=', scheduleId)
        .where('departure_date', '=', date)
        .execute();
      return rows.map((r) => ({ seat: r.seat, bookingId: r.booking_id, passengerId: r.passenger_id }));
    },

    /** A booking's seats (what its record says is checked against this in tests and races). */
    async ofBooking(trx: Kysely<Database>, bookingId: string): Promise<SeatAssignment[]> {
      const rows = await trx
        .selectFrom('seat_assignments')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .orderBy('schedule_id')
        .orderBy('seat')
        .execute();
      return rows.map((r) => ({
        scheduleId: r.schedule_id,
        date: r.departure_date,
        seat: r.seat,
        bookingId: r.booking_id,
        passengerId: r.passenger_id,
      }));
    },
  };
}

export type SeatAssignmentsRepository = ReturnType<typeof createSeatAssignmentsRepository>;
