import type { ExpressionBuilder, Kysely } from 'kysely';
import { afterPosition, type KeysetPosition, pageWithTotal } from '../../../db/keyset.ts';
import type { Database } from '../../../db/tables.ts';
import { namesContaining } from '../../../shared/names.ts';
import type { Visibility } from '../../auth/index.ts';
import { createBookingEventsRepository } from '../../bookings/index.ts';
import {
  decodeHotelBooking,
  decodeHotelBookingRoom,
  encodeHotelBooking,
  encodeHotelBookingRoom,
  type HotelBookingRecord,
  type HotelBookingRoomRecord,
  toHotelBookingRoomRow,
  toHotelBookingRow,
} from './hotel-booking-record.ts';
import type { HotelBookingStatus } from './hotel-booking-states.ts';

type Range = { from?: string | undefined; to?: string | undefined };

/** What a booking search may ask; every field narrows (AND). Ranges are inclusive at both ends. */
export interface HotelBookingFilter {
  reference?: string | undefined;
  client_reference?: string | undefined;
  /** Folded text that a holder's or guest's full name contains. */
  name?: string | undefined;
  hotel_id?: string | undefined;
  city_id?: string | undefined;
  statuses?: HotelBookingStatus[] | undefined;
  created_at?: Range | undefined;
  check_in?: Range | undefined;
  check_out?: Range | undefined;
  cancellation_deadline?: Range | undefined;
}

export type HotelBookingSortKey = 'created_at' | 'check_in' | 'check_out';
export interface HotelBookingSort {
  key: HotelBookingSortKey;
  descending: boolean;
}

function conditions(eb: ExpressionBuilder<Database, 'hotel_bookings'>, v: Visibility, f: HotelBookingFilter) {
  const all = [];
  if (v.kind === 'user') all.push(eb('user_id', '=', v.userId));
  if (v.kind === 'agency') all.push(eb('agency_id', '=', v.agencyId));
  if (f.reference) all.push(eb('reference', '=', f.reference.toUpperCase()));
  if (f.client_reference) all.push(eb('client_reference', '=', f.client_reference));
  if (f.name) all.push(eb('names', 'like', namesContaining(f.name)));
  if (f.hotel_id) all.push(eb('hotel_id', '=', f.hotel_id));
  if (f.city_id) all.push(eb('city_id', '=', f.city_id));
  if (f.statuses?.length) all.push(eb('status', 'in', f.statuses));
  const ranges = [
    ['created_at', f.created_at],
    ['check_in', f.check_in],
    ['check_out', f.check_out],
    ['free_cancellation_until', f.cancellation_deadline],
  ] as const;
  for (const [column, range] of ranges) {
    if (range?.from) all.push(eb(column, '>=', range.from));
    if (range?.to) all.push(eb(column, '<=', range.to));
  }
  return eb.and(all);
}

/** Hotel bookings and their rooms. Status and version changes are conditional, so each happens once. */
export function createHotelBookingsRepository(db: Kysely<Database>) {
  const events = createBookingEventsRepository(db);
  return {
    addEvent: events.add,
    events: events.of,

    async insert(
      trx: Kysely<Database>,
      booking: HotelBookingRecord,
      rooms: HotelBookingRoomRecord[],
    ): Promise<void> {
      await trx.insertInto('hotel_bookings').values(toHotelBookingRow(booking)).execute();
      await trx.insertInto('hotel_booking_rooms').values(rooms.map(toHotelBookingRoomRow)).execute();
    },

    async findVisible(
      v: Visibility,
      by: { id?: string | undefined; reference?: string | undefined },
    ): Promise<HotelBookingRecord | undefined> {
      const row = await db
        .selectFrom('hotel_bookings')
        .selectAll()
        .where((eb) =>
          conditions(eb, v, {}).and(
            by.id ? eb('id', '=', by.id) : eb('reference', '=', (by.reference ?? '').toUpperCase()),
          ),
        )
        .executeTakeFirst();
      return row && decodeHotelBooking(row);
    },

    /** The booking an Idempotency-Key of this user made, if it made one. */
    async findByIdempotencyKey(userId: string, key: string): Promise<HotelBookingRecord | undefined> {
      const row = await db
        .selectFrom('hotel_bookings')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && decodeHotelBooking(row);
    },

    async findById(trx: Kysely<Database>, id: string): Promise<HotelBookingRecord | undefined> {
      const row = await trx.selectFrom('hotel_bookings').selectAll().where('id', '=', id).executeTakeFirst();
      return row && decodeHotelBooking(row);
    },

    async rooms(trx: Kysely<Database>, bookingId: string): Promise<HotelBookingRoomRecord[]> {
      const rows = await trx
        .selectFrom('hotel_booking_rooms')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .orderBy('position')
        .execute();
      return rows.map(decodeHotelBookingRoom);
    },

    /** Rooms of many bookings at once, for a page of search results. */
    async roomsOf(bookingIds: readonly string[]): Promise<Map<string, HotelBookingRoomRecord[]>> {
      const out = new Map<string, HotelBookingRoomRecord[]>();
      if (bookingIds.length === 0) return out;
      const rows = await db
        .selectFrom('hotel_booking_rooms')
        .selectAll()
        .where('booking_id', 'in', [...bookingIds])
        .orderBy('booking_id')
        .orderBy('position')
        .execute();
      for (const r of rows)
        out.set(r.booking_id, [...(out.get(r.booking_id) ?? []), decodeHotelBookingRoom(r)]);
      return out;
    },

    /**
     * Saves a change to the booking if nobody changed it since `version` was read (optimistic
     * concurrency); returns whether it did. Call inside the transaction that changes its rooms.
     */
    async update(
      trx: Kysely<Database>,
      id: string,
      version: number,
      fields: Partial<Omit<HotelBookingRecord, 'id' | 'version' | 'created_at'>>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('hotel_bookings')
        .set({ ...encodeHotelBooking(fields), version: version + 1 })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async updateRoom(
      trx: Kysely<Database>,
      id: string,
      fields: Partial<Omit<HotelBookingRoomRecord, 'id' | 'booking_id' | 'position'>>,
    ): Promise<void> {
      await trx
        .updateTable('hotel_booking_rooms')
        .set(encodeHotelBookingRoom(fields))
        .where('id', '=', id)
        .execute();
    },

    /** The rooms of a booking in one status moved to another (a hold's rooms paid, or released). */
    async moveRooms(
      trx: Kysely<Database>,
      bookingId: string,
      from: HotelBookingRoomRecord['status'],
      to: HotelBookingRoomRecord['status'],
    ): Promise<void> {
      await trx
        .updateTable('hotel_booking_rooms')
        .set({ status: to })
        .where('booking_id', '=', bookingId)
        .where('status', '=', from)
        .execute();
    },

    /** Holds whose deadline has passed, oldest first. */
    async dueHolds(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('hotel_bookings')
        .select('id')
        .where('status', '=', 'held')
        .where('hold_expires_at', '<=', now)
        .orderBy('hold_expires_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** One page of a booking search, after the keyset position of the previous page, with the total. */
    async search(
      v: Visibility,
      filter: HotelBookingFilter,
      sort: HotelBookingSort,
      after: KeysetPosition | undefined,
      limit: number,
    ) {
      const direction = sort.descending ? 'desc' : 'asc';
      const page = await pageWithTotal(
        db
          .selectFrom('hotel_bookings')
          .selectAll()
          .where((eb) => {
            const base = conditions(eb, v, filter);
            return after ? base.and(afterPosition(eb, sort.key, after, sort.descending)) : base;
          })
          .orderBy(sort.key, direction)
          .orderBy('id', direction)
          .limit(limit + 1)
          .execute(),
        db
          .selectFrom('hotel_bookings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where((eb) => conditions(eb, v, filter))
          .executeTakeFirstOrThrow(),
        limit,
      );
      return { ...page, rows: page.rows.map(decodeHotelBooking) };
    },
  };
}

export type HotelBookingsRepository = ReturnType<typeof createHotelBookingsRepository>;
