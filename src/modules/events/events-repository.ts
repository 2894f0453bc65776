import type { ExpressionBuilder, Kysely } from 'kysely';
import { afterPosition, type KeysetPosition, pageWithTotal } from '../../db/keyset.ts';
import type { Database, EventsTable } from '../../db/tables.ts';
import type { Visibility } from '../auth/index.ts';
import type { EventType } from './event-catalogue.ts';

/** An event as the API shows it. */
export interface Event {
  id: string;
  type: EventType;
  created_at: string;
  api_version: string;
  data: { object: unknown };
}

export interface EventFilter {
  types?: readonly string[] | undefined;
  bookingId?: string | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
}

function decode(row: EventsTable): Event {
  return {
    id: row.id,
    type: row.type as EventType,
    created_at: row.created_at,
    api_version: row.api_version,
    data: JSON.parse(row.data) as { object: unknown },
  };
}

export function createEventsRepository(db: Kysely<Database>) {
  const where = (v: Visibility, f: EventFilter) => (eb: ExpressionBuilder<Database, 'events'>) => {
    const all = [];
    if (v.kind === 'user') all.push(eb('user_id', '=', v.userId));
    if (v.kind === 'agency') all.push(eb('agency_id', '=', v.agencyId));
    if (f.types?.length) all.push(eb('type', 'in', [...f.types]));
    if (f.bookingId) all.push(eb('booking_id', '=', f.bookingId));
    if (f.createdAfter) all.push(eb('created_at', '>', f.createdAfter));
    if (f.createdBefore) all.push(eb('created_at', '<', f.createdBefore));
    return eb.and(all);
  };
  const base = () => db.selectFrom('events');

  return {
    /** Appends in the caller's transaction: the event commits with the change it tells, or neither does. */
    async append(trx: Kysely<Database>, row: EventsTable): Promise<void> {
      await trx.insertInto('events').values(row).execute();
    },

    async findById(id: string): Promise<Event | undefined> {
      const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? decode(row) : undefined;
    },

    /** The events a caller may see, oldest first, after a keyset position, with the total. */
    async page(v: Visibility, f: EventFilter, after: KeysetPosition | undefined, limit: number) {
      const page = await pageWithTotal(
        base()
          .selectAll()
          .where((eb) => {
            const conditions = where(v, f)(eb);
            return after ? conditions.and(afterPosition(eb, 'id', after, false)) : conditions;
          })
          .orderBy('id')
          .limit(limit + 1)
          .execute(),
        base()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where((eb) => where(v, f)(eb))
          .executeTakeFirstOrThrow(),
        limit,
      );
      return { ...page, rows: page.rows.map(decode) };
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
