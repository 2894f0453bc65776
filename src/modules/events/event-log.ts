import type { Kysely } from 'kysely';
import type { Database, EventsTable } from '../../db/tables.ts';
import { CURRENT_API_VERSION } from '../../http/versioning.ts';
import type { EventType } from './event-types.ts';
import type { EventsRepository } from './events-repository.ts';

/** What a change tells: its type, the resource right after it, and whose it is (null: admins only). */
export interface NewEvent {
  id: string;
  type: EventType;
  at: string;
  object: unknown;
  bookingId?: string | undefined;
  owner: { userId: string; agencyId: string | null } | null;
}

/**
 * The one way to record an event: inside the transaction of the change it tells (an outbox), so that
 * no change commits without its event and no event without its change. The object is stored as the
 * current API version shows it.
 */
/**
 * Called in the event's transaction for every event recorded (webhook deliveries and mails are made
 * so), with the stored row and the object it carries, unserialized.
 */
export type EventSubscriber = (trx: Kysely<Database>, event: EventsTable, object: unknown) => Promise<void>;

export function createEventLog(repository: EventsRepository, subscribers: readonly EventSubscriber[] = []) {
  return {
    async record(trx: Kysely<Database>, event: NewEvent): Promise<void> {
      const row: EventsTable = {
        id: event.id,
        type: event.type,
        created_at: event.at,
        api_version: CURRENT_API_VERSION,
        booking_id: event.bookingId ?? null,
        user_id: event.owner?.userId ?? null,
        agency_id: event.owner?.agencyId ?? null,
        data: JSON.stringify({ object: event.object }),
      };
      await repository.append(trx, row);
      for (const subscriber of subscribers) await subscriber(trx, row, event.object);
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
