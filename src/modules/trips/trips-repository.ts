import type { ExpressionBuilder, Kysely } from 'kysely';
import { afterPosition, type KeysetPosition, pageWithTotal } from '../../db/keyset.ts';
import type { Database } from '../../db/tables.ts';
import type { Visibility } from '../auth/index.ts';
import { decodeTrip, encodeTrip, type TripRecord } from './trip-record.ts';

/** The trips table: a trip's row, found by id, reference, idempotency key or one of its parts. */
export function createTripsRepository(db: Kysely<Database>) {
  return {
    async insert(trx: Kysely<Database>, record: TripRecord): Promise<void> {
      await trx.insertInto('trips').values(encodeTrip(record)).execute();
    },

    async findById(trx: Kysely<Database>, id: string): Promise<TripRecord | undefined> {
      const row = await trx.selectFrom('trips').selectAll().where('id', '=', id).executeTakeFirst();
      return row && decodeTrip(row);
    },

    /** A trip the caller may see: their own, their agency's, or any (admins). */
    async findVisible(
      v: Visibility,
      by: { id?: string | undefined; reference?: string | undefined },
    ): Promise<TripRecord | undefined> {
      let q = db.selectFrom('trips').selectAll();
      q = by.id ? q.where('id', '=', by.id) : q.where('reference', '=', (by.reference ?? '').toUpperCase());
      if (v.kind === 'user') q = q.where('user_id', '=', v.userId);
      if (v.kind === 'agency') q = q.where('agency_id', '=', v.agencyId);
      const row = await q.executeTakeFirst();
      return row && decodeTrip(row);
    },

    async findByIdempotencyKey(userId: string, key: string): Promise<TripRecord | undefined> {
      const row = await db
        .selectFrom('trips')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && decodeTrip(row);
    },

    /** The trip a booking is a part of, if any. */
    async tripOf(bookingId: string): Promise<{ id: string; reference: string } | undefined> {
      return db
        .selectFrom('trips')
        .select(['id', 'reference'])
        .where((eb) =>
          eb.or([eb('flight_booking_id', '=', bookingId), eb('hotel_booking_id', '=', bookingId)]),
        )
        .executeTakeFirst();
    },

    /** Saves a change if nobody changed the trip since `version` was read; false when somebody did. */
    async update(
      trx: Kysely<Database>,
      id: string,
      version: number,
      fields: Partial<
        Pick<
          TripRecord,
          'status' | 'total_amount' | 'refund_amount' | 'parts' | 'payment' | 'updated_at' | 'cancelled_at'
        >
      >,
    ): Promise<boolean> {
      const { payment, parts, ...plain } = fields;
      const result = await trx
        .updateTable('trips')
        .set({
          ...plain,
          ...(parts !== undefined ? { parts: JSON.stringify(parts) } : {}),
          ...(payment !== undefined ? { payment: payment === null ? null : JSON.stringify(payment) } : {}),
          version: version + 1,
        })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A page of the trips a caller may see, by creation (newest first unless asked), with the count of all. */
    async search(
      v: Visibility,
      filter: { reference?: string | undefined; statuses?: readonly string[] | undefined },
      descending: boolean,
      after: KeysetPosition | undefined,
      limit: number,
    ) {
      const where = (eb: ExpressionBuilder<Database, 'trips'>) => {
        const all = [];
        if (v.kind === 'user') all.push(eb('user_id', '=', v.userId));
        if (v.kind === 'agency') all.push(eb('agency_id', '=', v.agencyId));
        if (filter.reference) all.push(eb('reference', '=', filter.reference.toUpperCase()));
        if (filter.statuses?.length) all.push(eb('status', 'in', [...filter.statuses]));
        return eb.and(all);
      };
      const order = descending ? 'desc' : 'asc';
      return pageWithTotal(
        db
          .selectFrom('trips')
          .selectAll()
          .where(where)
          .where((eb) => (after ? afterPosition(eb, 'created_at', after, descending) : eb.and([])))
          .orderBy('created_at', order)
          .orderBy('id', order)
          .limit(limit + 1)
          .execute()
          .then((rows) => rows.map(decodeTrip)),
        db
          .selectFrom('trips')
          .where(where)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        limit,
      );
    },
  };
}

export type TripsRepository = ReturnType<typeof createTripsRepository>;
