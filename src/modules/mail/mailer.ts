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
  'hotel_booking.confirmed',
  'hotel_booking.modified',
]);

/** A booking's documents to attach, drawn as PDF from the booking as the event carries it. */
export type MailDocuments = (
  type: string,
  booking: unknown,
  language: Language,
) => Promise<Array<{ filename: string; pdf: Uint8Array }>>;

/**
 * An account's mail, written when it is sent (a password reset's link is made then, and kept nowhere but
 * in the mail): subject and text, or undefined when it is no longer to be sent.
 */
export type AccountMail = (message: EmailMessage) => Promise<{ subject: string; text: string } | undefined>;

/**
 * One attempt at a mail of the outbox: a booking event's rendered from its event (the booking as it was
 * then), with the booking's documents as they were then, in the traveller's language; an account's by
 * the writer of its kind; then sent. An event that is gone, or a mail no longer called for, is given up
 * on at once.
 */
export function createMailAttempt(deps: {
  events: EventsRepository;
  send: MailTransport;
  from: string;
  documents: MailDocuments;
  accounts: ReadonlyMap<string, AccountMail>;
}) {
  return async function attempt(message: EmailMessage): Promise<Attempted<never>> {
    if (message.kind !== 'booking') {
      const write = deps.accounts.get(message.kind);
      const mail = write && (await write(message));
      if (!mail) return { ok: false, error: 'the mail is no longer called for', retry: false };
      await deps.send({
        from: deps.from,
        to: message.recipient,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${message.id}@itinera>`,
      });
      return { ok: true };
    }
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
