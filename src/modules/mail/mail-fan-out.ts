import type { IdGenerator } from '../../ports/ids.ts';
import type { EventSubscriber } from '../events/index.ts';
import { isMailed } from './booking-email.ts';
import type { EmailMessagesRepository } from './email-messages-repository.ts';

/**
 * The traveller's mail an event calls for, made in the event's own transaction: to the flight booking's
 * contact or the hotel booking's holder, due at once.
 */
export function createMailFanOut(deps: {
  messages: EmailMessagesRepository;
  ids: IdGenerator;
}): EventSubscriber {
  return async (trx, event, object) => {
    if (!isMailed(event.type)) return;
    const booking = object as { contact?: { email?: string }; holder?: { email?: string } };
    const recipient = booking.contact?.email ?? booking.holder?.email;
    if (!recipient) return;
    await deps.messages.enqueue(trx, [
      {
        id: deps.ids.ordered('eml'),
        kind: 'booking',
        event_id: event.id,
        recipient,
        status: 'pending',
        attempts: 0,
        next_attempt_at: event.created_at,
        locked_until: null,
        last_error: null,
        created_at: event.created_at,
        sent_at: null,
      },
    ]);
  };
}
