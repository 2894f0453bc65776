import type { Clock } from '../../ports/clock.ts';
import type { EventsRepository } from '../events/index.ts';
import { renderBookingEmail } from './booking-email.ts';
import type { EmailMessagesRepository } from './email-messages-repository.ts';
import type { MailTransport } from './mail-transport.ts';

/**
 * Sends the mails that are due: claims a batch with a lease, renders each from its event (the booking
 * as it was then), sends it, and records the outcome; a failed send is tried again after the next delay
 * of the schedule, and has failed for good after the last.
 */
export function createMailer(deps: {
  messages: EmailMessagesRepository;
  events: EventsRepository;
  send: MailTransport;
  from: string;
  clock: Clock;
  scheduleSeconds: readonly number[];
  leaseMs: number;
  batch: number;
}) {
  return async function sendDue(): Promise<number> {
    const now = deps.clock.now();
    const lease = new Date(now.getTime() + deps.leaseMs).toISOString();
    const claimed = await deps.messages.claimDue(now.toISOString(), lease, deps.batch);
    for (const message of claimed) {
      const event = await deps.events.findById(message.event_id);
      const mail = event ? renderBookingEmail(event) : undefined;
      let error: string | null = mail ? null : 'the event is gone or calls for no mail';
      if (mail) {
        try {
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
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
      }
      const delay = error && mail ? deps.scheduleSeconds[message.attempts] : undefined;
      const at = deps.clock.now();
      await deps.messages.settle(message.id, lease, {
        status: !error ? 'sent' : delay !== undefined ? 'pending' : 'failed',
        next_attempt_at: delay !== undefined ? new Date(at.getTime() + delay * 1000).toISOString() : null,
        last_error: error,
        sent_at: error ? null : at.toISOString(),
      });
    }
    return claimed.length;
  };
}

export type Mailer = ReturnType<typeof createMailer>;
