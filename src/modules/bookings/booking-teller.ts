import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { EventLog, EventObjects, EventType } from '../events/index.ts';
import type { BookingEvent } from './booking-events-repository.ts';

/** Records a change of a booking, in the change's transaction. */
export type TellBooking<Type extends EventType = EventType> = (
  trx: Kysely<Database>,
  bookingId: string,
  type: Type,
  history: BookingEvent,
) => Promise<void>;

/**
 * Tells a change of a booking of any product, inside the change's transaction: one entry in the
 * booking's history and one event in the log (same id) carrying the booking as `GET /booking` shows it
 * now, read and rendered in that transaction by the product.
 */
export function createBookingTeller<
  Row extends { user_id: string; agency_id: string | null },
  Type extends EventType,
>(deps: {
  addHistory: (trx: Kysely<Database>, id: string, bookingId: string, event: BookingEvent) => Promise<void>;
  load: (trx: Kysely<Database>, bookingId: string) => Promise<Row | undefined>;
  /** The booking as `GET /booking` shows it: the object of every event of its types. */
  render: (trx: Kysely<Database>, row: Row) => Promise<EventObjects[Type]>;
  log: EventLog;
  ids: IdGenerator;
}): TellBooking<Type> {
  return async (trx, bookingId, type, history) => {
    const id = deps.ids.ordered('evt');
    await deps.addHistory(trx, id, bookingId, history);
    const row = await deps.load(trx, bookingId);
    if (!row) throw new Error(`booking ${bookingId} is not there to tell of`);
    await deps.log.record(trx, {
      id,
      type,
      at: history.at,
      object: await deps.render(trx, row),
      bookingId,
      owner: { userId: row.user_id, agencyId: row.agency_id },
    });
  };
}
