import type { Kysely, Selectable } from 'kysely';
import type { Database, FlightBookingSegmentsTable, FlightBookingsTable } from '../../db/tables.ts';
import type { Visibility } from '../auth/index.ts';
import { createBookingEventsRepository } from '../bookings/booking-events-repository.ts';

export type { BookingEvent } from '../bookings/booking-events-repository.ts';

export type FlightBookingRow = Selectable<FlightBookingsTable>;
export type BookingSegmentRow = Selectable<FlightBookingSegmentsTable>;

export function createFlightBookingsRepository(db: Kysely<Database>) {
  const events = createBookingEventsRepository(db);
  const visible = (v: Visibility) => {
    let q = db.selectFrom('flight_bookings').selectAll();
    if (v.kind === 'user') q = q.where('user_id', '=', v.userId);
    if (v.kind === 'agency') q = q.where('agency_id', '=', v.agencyId);
    return q;
  };

  return {
    async insert(
      trx: Kysely<Database>,
      booking: FlightBookingRow,
      segments: BookingSegmentRow[],
    ): Promise<void> {
      await trx.insertInto('flight_bookings').values(booking).execute();
      await trx.insertInto('flight_booking_segments').values(segments).execute();
    },

    addEvent: events.add,
    events: events.of,

    findVisible(
      v: Visibility,
      by: { id?: string | undefined; reference?: string | undefined },
    ): Promise<FlightBookingRow | undefined> {
      let q = visible(v);
      if (by.id) q = q.where('id', '=', by.id);
      if (by.reference) q = q.where('reference', '=', by.reference.toUpperCase());
      return q.executeTakeFirst();
    },

    findById(trx: Kysely<Database>, id: string): Promise<FlightBookingRow | undefined> {
      return trx.selectFrom('flight_bookings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    segments(trx: Kysely<Database>, bookingId: string): Promise<BookingSegmentRow[]> {
      return trx
        .selectFrom('flight_booking_segments')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .orderBy('position')
        .execute();
    },

    /** A page, newest first, after the keyset position (created_at, id) of the previous page. */
    async list(
      v: Visibility,
      filter: { status?: string | undefined },
      after: { createdAt: string; id: string } | undefined,
      limit: number,
    ) {
      let q = visible(v);
      if (filter.status) q = q.where('status', '=', filter.status as FlightBookingRow['status']);
      let countQuery = db.selectFrom('flight_bookings').select((eb) => eb.fn.countAll<number>().as('n'));
      if (v.kind === 'user') countQuery = countQuery.where('user_id', '=', v.userId);
      if (v.kind === 'agency') countQuery = countQuery.where('agency_id', '=', v.agencyId);
      if (filter.status)
        countQuery = countQuery.where('status', '=', filter.status as FlightBookingRow['status']);
      if (after) {
        q = q.where((eb) =>
          eb.or([
            eb('created_at', '<', after.createdAt),
            eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
          ]),
        );
      }
      const rows = await q
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const total = await countQuery.executeTakeFirstOrThrow();
      return { rows: rows.slice(0, limit), more: rows.length > limit, total: Number(total.n) };
    },

    /** Moves a booking from one status to another only if it is still in the first: exactly once. */
    async changeStatus(
      trx: Kysely<Database>,
      id: string,
      from: FlightBookingRow['status'],
      to: FlightBookingRow['status'],
      fields: Partial<Pick<FlightBookingRow, 'tickets' | 'refund_amount' | 'hold_expires_at'>>,
      now: string,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('flight_bookings')
        .set((eb) => ({ status: to, ...fields, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Saves edited details if nobody changed the booking since `version` was read. */
    async updateDetails(
      trx: Kysely<Database>,
      id: string,
      version: number,
      fields: Pick<FlightBookingRow, 'passengers' | 'contact' | 'names'>,
      now: string,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('flight_bookings')
        .set({ ...fields, updated_at: now, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async dueHolds(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('flight_bookings')
        .select('id')
        .where('status', '=', 'held')
        .where('hold_expires_at', '<=', now)
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Held and confirmed bookings on a flight: one date, or every date from `fromDate` on. */
    async liveOnFlight(
      trx: Kysely<Database>,
      scheduleId: string,
      date: { on: string } | { from: string },
    ): Promise<FlightBookingRow[]> {
      const rows = await trx
        .selectFrom('flight_bookings')
        .selectAll('flight_bookings')
        .innerJoin('flight_booking_segments as s', 's.booking_id', 'flight_bookings.id')
        .where('s.schedule_id', '=', scheduleId)
        .where('s.departure_date', 'on' in date ? '=' : '>=', 'on' in date ? date.on : date.from)
        .where('flight_bookings.status', 'in', ['held', 'confirmed'])
        .execute();
      return [...new Map(rows.map((r) => [r.id, r])).values()];
    },
  };
}

export type FlightBookingsRepository = ReturnType<typeof createFlightBookingsRepository>;
