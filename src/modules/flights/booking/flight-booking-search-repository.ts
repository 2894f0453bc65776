import type { ExpressionBuilder, Kysely } from 'kysely';
import { afterPosition, type KeysetPosition, pageWithTotal } from '../../../db/keyset.ts';
import type { Database } from '../../../db/tables.ts';
import { namesContaining } from '../../../shared/names.ts';
import type { Visibility } from '../../auth/index.ts';
import type { BookingStatus } from './booking-states.ts';
import type { FlightBookingCodec } from './flight-booking-record.ts';

type Range = { from?: string | undefined; to?: string | undefined };

/** What a flight booking search may ask; every field narrows. Ranges are inclusive instants. */
export interface FlightBookingFilter {
  reference?: string | undefined;
  /** Folded text that a passenger's full name contains. */
  name?: string | undefined;
  statuses?: BookingStatus[] | undefined;
  created_at?: Range | undefined;
  departure?: Range | undefined;
}

function searchConditions(
  eb: ExpressionBuilder<Database, 'flight_bookings'>,
  v: Visibility,
  f: FlightBookingFilter,
) {
  const all = [];
  if (v.kind === 'user') all.push(eb('user_id', '=', v.userId));
  if (v.kind === 'agency') all.push(eb('agency_id', '=', v.agencyId));
  if (f.reference) all.push(eb('reference', '=', f.reference.toUpperCase()));
  if (f.name) all.push(eb('names', 'like', namesContaining(f.name)));
  if (f.statuses?.length) all.push(eb('status', 'in', f.statuses));
  for (const [column, range] of [
    ['created_at', f.created_at],
    ['first_departure_at', f.departure],
  ] as const) {
    if (range?.from) all.push(eb(column, '>=', range.from));
    if (range?.to) all.push(eb(column, '<=', range.to));
  }
  return eb.and(all);
}

/** Flight bookings found by what a desk knows of them (`search_booking`), a keyset page at a time. */
export function createFlightBookingSearchRepository(db: Kysely<Database>, codec: FlightBookingCodec) {
  /** One page of a booking search after a keyset position, in (column, id) order, with the total. */
  return async function search(
    v: Visibility,
    filter: FlightBookingFilter,
    sort: { key: 'created_at' | 'first_departure_at'; descending: boolean },
    after: KeysetPosition | undefined,
    limit: number,
  ) {
    const direction = sort.descending ? 'desc' : 'asc';
    const page = await pageWithTotal(
      db
        .selectFrom('flight_bookings')
        .selectAll()
        .where((eb) => {
          const base = searchConditions(eb, v, filter);
          return after ? base.and(afterPosition(eb, sort.key, after, sort.descending)) : base;
        })
        .orderBy(sort.key, direction)
        .orderBy('id', direction)
        .limit(limit + 1)
        .execute(),
      db
        .selectFrom('flight_bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => searchConditions(eb, v, filter))
        .executeTakeFirstOrThrow(),
      limit,
    );
    return { ...page, rows: page.rows.map(codec.decode) };
  };
}
