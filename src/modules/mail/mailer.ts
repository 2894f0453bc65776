import type { Attempted } from '../../jobs/outbox.ts';
import type { Language } from '../../shared/messages/catalogue.ts';
import type { EventsRepository } from '../events/index.ts';
import { renderBookingEmail } from './booking-email.ts';
import type { EmailMessage } from './email-messages-repository.ts';
import type { MailTransport } from './mail-transport.ts';

/** The events whose mail carries the booking's documents: the tickets and EMDs in force, the voucher. */
const WITH_DOCUMENTS = new Set([
  'flight_booking.created',
  'flight_booking.confirmed',
  'flight_booking.changed',
  'flight_booking.services_added',
  'hotel_booking.created',
  'hotel_booking.modified',
]);

/** A booking's documents to attach, drawn as PDF from the booking as the event carries it. */
export type MailDocuments = (
  type: string,
  booking: unknown,
  language: Language,
) => Promise<Array<{ filename: string; pdf: Uint8Array }>>;

/**
 * One attempt at a mail of the outbox: rendered from its event (the booking as it was then), with the
 * booking's documents as they were then, in the traveller's language, and sent. An event that is gone,
 * or calls for no mail, is given up on at once.
 */
export function createMailAttempt(deps: {
  events: EventsRepository;
  send: MailTransport;
  from: string;
  documents: MailDocuments;
}) {
  return async function attempt(message: EmailMessage): Promise<Attempted<never>> {
    const event = await deps.events.findById(message.event_id);
    const mail = event ? renderBookingEmail(event) : undefined;
    if (!mail) return { ok: false, error: 'the event is gone or calls for no mail', retry: false };
    const documents = WITH_DOCUMENTS.has(event!.type)
      ? await deps.documents(event!.type, event!.data.object, mail.language)
      : [];
    await deps.send({
      from: deps.from,
      to: message.recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${message.event_id}@itinera>`,
      attachments: [
        ...(mail.ics
          ? [
              {
                filename: 'itinerary.ics',
                content: mail.ics,
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              },
            ]
          : []),
        ...documents.map((d) => ({
          filename: d.filename,
          content: Buffer.from(d.pdf),
          contentType: 'application/pdf',
        })),
      ],
    });
    return { ok: true };
  };
}
