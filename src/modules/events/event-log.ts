import type { Kysely } from 'kysely';
import type { Database, EventsTable } from '../../db/tables.ts';
import { CURRENT_API_VERSION } from '../../http/versioning.ts';
import type { EventObjects, EventType } from './event-catalogue.ts';
import type { EventsRepository } from './events-repository.ts';

/** What a change tells: its type, the resource right after it (as its type says), and whose it is. */
export interface NewEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  at: string;
  object: EventObjects[T];
  bookingId?: string | undefined;
  /** The user and agency whose it is; null: admins only. */
  owner: { userId: string; agencyId: string | null } | null;
}

/**
 * Called in the event's transaction for every event recorded (webhook deliveries and mails are made
 * so), with the stored row and the object it carries, unserialized.
 */
export type EventSubscriber = (trx: Kysely<Database>, event: EventsTable, object: unknown) => Promise<void>;

/**
 * The one way to record an event: inside the transaction of the change it tells (an outbox), so that no
 * change commits without its event and no event without its change. The object is stored as the current
 * API version shows it. Subscribers (webhooks, mail) are added once the modules are wired.
 */
export function createEventLog(repository: EventsRepository) {
  const subscribers: EventSubscriber[] = [];
  return {
    subscribe(subscriber: EventSubscriber): void {
      subscribers.push(subscriber);
    },
    /**
     * Records `event` and tells every subscriber, or none with `{ subscribers: false }` (a ping the
     * caller delivers to one endpoint itself).
     */
    async record<T extends EventType>(
      trx: Kysely<Database>,
      event: NewEvent<T>,
      options: { subscribers?: boolean } = {},
    ): Promise<EventsTable> {
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
      if (options.subscribers !== false)
        for (const subscriber of subscribers) await subscriber(trx, row, event.object);
      return row;
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
