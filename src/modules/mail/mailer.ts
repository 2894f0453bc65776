import type { Attempted } from '../../jobs/outbox.ts';
import type { EventsRepository } from '../events/index.ts';
import { renderBookingEmail } from './booking-email.ts';
import type { EmailMessage } from './email-messages-repository.ts';
import type { MailTransport } from './mail-transport.ts';

/**
 * One attempt at a mail of the outbox: rendered from its event (the booking as it was then) and sent.
 * An event that is gone, or calls for no mail, is given up on at once.
 */
export function createMailAttempt(deps: { events: EventsRepository; send: MailTransport; from: string }) {
  return async function attempt(message: EmailMessage): Promise<Attempted<never>> {
    const event = await deps.events.findById(message.event_id);
    const mail = event ? renderBookingEmail(event) : undefined;
    if (!mail) return { ok: false, error: 'the event is gone or calls for no mail', retry: false };
    await deps.send({
      from: deps.from,
      to: message.recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${message.event_id}@itinera>`,
      attachments: mail.ics
        ? [
            {
              filename: 'itinerary.ics',
              content: mail.ics,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            },
          ]
        : [],
    });
    return { ok: true };
  };
}
