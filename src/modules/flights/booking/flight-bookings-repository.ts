import type { Kysely, Selectable } from 'kysely';
import type { KeysetPosition } from '../../../db/keyset.ts';
import type { Database, FlightBookingSegmentsTable } from '../../../db/tables.ts';
import type { Sealer } from '../../../shared/sealed-data.ts';
import type { Visibility } from '../../auth/index.ts';
import { createBookingEventsRepository } from '../../bookings/index.ts';
import type { BookingStatus } from './booking-states.ts';
import { type FlightBookingRecord, flightBookingCodec } from './flight-booking-record.ts';
import { createFlightBookingSearchRepository } from './flight-booking-search-repository.ts';

export type { BookingEvent } from '../../bookings/index.ts';

export type BookingSegmentRow = Selectable<FlightBookingSegmentsTable>;

export function createFlightBookingsRepository(db: Kysely<Database>, sealer: Pick<Sealer, 'seal' | 'open'>) {
  const codec = flightBookingCodec(sealer);
  const events = createBookingEventsRepository(db);
  const visible = (v: Visibility) => {
    let q = db.selectFrom('flight_bookings').selectAll();
    if (v.kind === 'user') q = q.where('user_id', '=', v.userId);
    if (v.kind === 'agency') q = q.where('agency_id', '=', v.agencyId);
    return q;
  };

  const search = createFlightBookingSearchRepository(db, codec);

  return {
    async insert(
      trx: Kysely<Database>,
      booking: FlightBookingRecord,
      segments: BookingSegmentRow[],
    ): Promise<void> {
      await trx.insertInto('flight_bookings').values(codec.toRow(booking)).execute();
      await trx.insertInto('flight_booking_segments').values(segments).execute();
    },

    addEvent: events.add,
    events: events.of,

    async findVisible(
      v: Visibility,
      by: { id?: string | undefined; reference?: string | undefined },
    ): Promise<FlightBookingRecord | undefined> {
      let q = visible(v);
      if (by.id) q = q.where('id', '=', by.id);
      if (by.reference) q = q.where('reference', '=', by.reference.toUpperCase());
      const row = await q.executeTakeFirst();
      return row && codec.decode(row);
    },

    /** The booking an Idempotency-Key of this user made, if it made one. */
    async findByIdempotencyKey(userId: string, key: string): Promise<FlightBookingRecord | undefined> {
      const row = await db
        .selectFrom('flight_bookings')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && codec.decode(row);
    },

    async findById(trx: Kysely<Database>, id: string): Promise<FlightBookingRecord | undefined> {
      const row = await trx.selectFrom('flight_bookings').selectAll().where('id', '=', id).executeTakeFirst();
      return row && codec.decode(row);
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
      after: KeysetPosition | undefined,
      limit: number,
    ) {
      const statuses = filter.status ? [filter.status as BookingStatus] : undefined;
      return search(v, { statuses }, { key: 'created_at', descending: true }, after, limit);
    },

    search,

    /** Moves a booking from one status to another only if it is still in the first: exactly once. */
    async changeStatus(
      trx: Kysely<Database>,
      id: string,
      from: BookingStatus,
      to: BookingStatus,
      fields: Partial<Pick<FlightBookingRecord, 'tickets' | 'refund_amount' | 'hold_expires_at' | 'payment'>>,
      now: string,
      /** Only if the booking is still this version (a cancellation as quoted). */
      version?: number,
    ): Promise<boolean> {
      const columns = codec.encode(fields);
      let query = trx
        .updateTable('flight_bookings')
        .set((eb) => ({ status: to, ...columns, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', from);
      if (version !== undefined) query = query.where('version', '=', version);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records the booking's ticket numbers, in the step that issued them (that step makes the new version). */
    async setTickets(trx: Kysely<Database>, id: string, tickets: FlightBookingRecord['tickets']) {
      await trx.updateTable('flight_bookings').set(codec.encode({ tickets })).where('id', '=', id).execute();
    },

    /** Records how the booking is paid now (its ETag changes). */
    async setPayment(
      trx: Kysely<Database>,
      id: string,
      payment: FlightBookingRecord['payment'],
      now: string,
    ) {
      await trx
        .updateTable('flight_bookings')
        .set((eb) => ({
          ...codec.encode({ payment }),
          updated_at: now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Saves fields of a booking if nobody changed it since `version` was read (and, with `status`, only
     * while it is in that status); false otherwise, and nothing is written.
     */
    async updateAtVersion(
      trx: Kysely<Database>,
      id: string,
      version: number,
      fields: Partial<
        Pick<
          FlightBookingRecord,
          | 'itinerary'
          | 'total_amount'
          | 'passengers'
          | 'contact'
          | 'names'
          | 'tickets'
          | 'refund_amount'
          | 'status'
        >
      >,
      now: string,
      only?: { status: BookingStatus },
    ): Promise<boolean> {
      let query = trx
        .updateTable('flight_bookings')
        .set({ ...codec.encode(fields), updated_at: now, version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version);
      if (only) query = query.where('status', '=', only.status);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Takes a booking for a change, in the change's transaction: its version moves on if it is still the
     * one read and its status one of `from` (the row is then held until the transaction ends).
     */
    async claim(
      trx: Kysely<Database>,
      id: string,
      version: number,
      from: readonly BookingStatus[],
      now: string,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('flight_bookings')
        .set({ version: version + 1, updated_at: now })
        .where('id', '=', id)
        .where('version', '=', version)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A booking's flights at new times (and its status), if it is still in the status read. */
    async retime(
      trx: Kysely<Database>,
      id: string,
      from: BookingStatus,
      fields: Pick<FlightBookingRecord, 'itinerary' | 'first_departure_at' | 'status'>,
      now: string,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('flight_bookings')
        .set((eb) => ({ ...codec.encode(fields), updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Writes a claimed booking's new flights: its itinerary, total, status and flight rows. */
    async applyChange(
      trx: Kysely<Database>,
      id: string,
      fields: Pick<FlightBookingRecord, 'itinerary' | 'total_amount' | 'first_departure_at' | 'status'>,
      segments: BookingSegmentRow[],
    ): Promise<void> {
      await trx.updateTable('flight_bookings').set(codec.encode(fields)).where('id', '=', id).execute();
      await trx.deleteFrom('flight_booking_segments').where('booking_id', '=', id).execute();
      await trx.insertInto('flight_booking_segments').values(segments).execute();
    },

    /** Fewer places on each of a booking's flights (passengers cancelled on their own). */
    async reduceSegmentSeats(trx: Kysely<Database>, bookingId: string, by: number): Promise<void> {
      if (by === 0) return;
      await trx
        .updateTable('flight_booking_segments')
        .set((eb) => ({ seats: eb('seats', '-', by) }))
        .where('booking_id', '=', bookingId)
        .execute();
    },

    /** Takes flights off a booking (slices cancelled on their own). */
    async dropSegments(
      trx: Kysely<Database>,
      bookingId: string,
      positions: readonly number[],
    ): Promise<void> {
      if (positions.length === 0) return;
      await trx
        .deleteFrom('flight_booking_segments')
        .where('booking_id', '=', bookingId)
        .where('position', 'in', [...positions])
        .execute();
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

    /** Live bookings (held, confirmed, schedule changed) on a flight: one date, or every date from `fromDate` on. */
    async liveOnFlight(
      trx: Kysely<Database>,
      scheduleId: string,
      date: { on: string } | { from: string },
    ): Promise<FlightBookingRecord[]> {
      const rows = await trx
        .selectFrom('flight_bookings')
        .selectAll('flight_bookings')
        .innerJoin('flight_booking_segments as s', 's.booking_id', 'flight_bookings.id')
        .where('s.schedule_id', '=', scheduleId)
        .where('s.departure_date', 'on' in date ? '=' : '>=', 'on' in date ? date.on : date.from)
        .where('flight_bookings.status', 'in', ['held', 'confirmed', 'schedule_changed'])
        .execute();
      return [...new Map(rows.map((r) => [r.id, r])).values()].map(codec.decode);
    },
  };
}

export type FlightBookingsRepository = ReturnType<typeof createFlightBookingsRepository>;
