import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { EventsRepository } from '../events/index.ts';
import { createEmailMessagesRepository } from './email-messages-repository.ts';
import { createMailFanOut } from './mail-fan-out.ts';
import { createMailTransport } from './mail-transport.ts';
import { createMailer } from './mailer.ts';

/** Mails claimed at a time. */
const MAIL_BATCH = 20;

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
}) {
  const messages = createEmailMessagesRepository(deps.db);
  const sendDue = createMailer({
    messages,
    events: deps.events,
    send: createMailTransport({ smtpUrl: deps.settings.smtpUrl, outboxDir: deps.settings.outboxDir }),
    from: deps.settings.from,
    clock: deps.clock,
    scheduleSeconds: deps.settings.retryScheduleSeconds,
    leaseMs: 120_000,
    batch: MAIL_BATCH,
  });
  // Each run sends until what is due is sent (a full batch means more may wait), then waits a poll.
  deps.scheduler.add({
    name: 'mail.send',
    everyMs: deps.settings.pollMs,
    run: async () => {
      while ((await sendDue()) === MAIL_BATCH);
    },
  });
  return { fanOut: createMailFanOut({ messages, ids: deps.ids }), sendDue };
}
