import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { createOutbox } from '../../jobs/outbox.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { EventsRepository } from '../events/index.ts';
import { createEmailMessagesRepository, type EmailMessage } from './email-messages-repository.ts';
import { createMailFanOut } from './mail-fan-out.ts';
import { createMailTransport } from './mail-transport.ts';
import { type AccountMail, createMailAttempt, type MailDocuments } from './mailer.ts';

/** Mails claimed at a time. */
const MAIL_BATCH = 20;
/** Recipients of a batch mailed side by side (an SMTP server takes a few connections at once). */
const MAIL_CONCURRENCY = 4;

/** Traveller e-mails: the fan-out the event log calls in each event's transaction, and the mailer job. */
export function mailModule(deps: {
  db: Kysely<Database>;
  events: EventsRepository;
  clock: Clock;
  ids: IdGenerator;
  scheduler: Scheduler;
  settings: {
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
    pollMs: number;
    retryScheduleSeconds: readonly number[];
  };
  /** The booking's documents a mail carries (e-ticket receipts, the hotel voucher). */
  documents: MailDocuments;
}) {
  const messages = createEmailMessagesRepository(deps.db);
  const accounts = new Map<string, AccountMail>();
  const outbox = createOutbox({
    name: 'mail.send',
    store: messages,
    attempt: createMailAttempt({
      events: deps.events,
      send: createMailTransport({ smtpUrl: deps.settings.smtpUrl, outboxDir: deps.settings.outboxDir }),
      from: deps.settings.from,
      documents: deps.documents,
      accounts,
    }),
    retry: { kind: 'schedule', delaysSeconds: deps.settings.retryScheduleSeconds, jitter: 0.1 },
    clock: deps.clock,
    random: Math.random,
    batch: MAIL_BATCH,
    concurrency: MAIL_CONCURRENCY,
    // A traveller's mails arrive in the order their events happened (booked, then confirmed, then cancelled).
    sequenceOf: (message) => message.recipient,
    leaseMs: 120_000,
  });
  outbox.schedule(deps.scheduler, deps.settings.pollMs);
  return {
    fanOut: createMailFanOut({ messages, ids: deps.ids }),
    sendDue: outbox.runDue,
    /**
     * Mails of one kind of account message (a password reset): `write` writes each when it is sent;
     * `enqueue` puts one in the outbox in the caller's transaction, `ref` naming what it is about.
     */
    accountMails(kind: Exclude<EmailMessage['kind'], 'booking'>, write: AccountMail) {
      accounts.set(kind, write);
      return (trx: Kysely<Database>, mail: { ref: string; recipient: string; at: string }) =>
        messages.enqueue(trx, [
          {
            id: deps.ids.ordered('eml'),
            kind,
            event_id: mail.ref,
            recipient: mail.recipient,
            status: 'pending',
            attempts: 0,
            next_attempt_at: mail.at,
            locked_until: null,
            last_error: null,
            created_at: mail.at,
            sent_at: null,
          },
        ]);
    },
  };
}
