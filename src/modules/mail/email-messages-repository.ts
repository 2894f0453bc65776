import type { Kysely, Selectable } from 'kysely';
import { claimDue, settleClaimed } from '../../db/claims.ts';
import type { Database, EmailMessagesTable } from '../../db/tables.ts';
import { type Settlement, settledColumns } from '../../jobs/outbox.ts';

export type EmailMessage = Selectable<EmailMessagesTable>;

export function createEmailMessagesRepository(db: Kysely<Database>) {
  return {
    /** New mails, in the transaction that records their event. */
    async enqueue(trx: Kysely<Database>, rows: EmailMessage[]): Promise<void> {
      if (rows.length > 0) await trx.insertInto('email_messages').values(rows).execute();
    },
    /** Claims due mails with a lease (see `claimDueRows`). */
    claimDue: (now: string, leaseUntil: string, limit: number): Promise<EmailMessage[]> =>
      claimDue(db, 'email_messages', now, leaseUntil, limit),
    /** Records an attempt's outcome, if the claim is still this sender's. */
    settle: (id: string, leaseUntil: string, s: Settlement): Promise<boolean> =>
      settleClaimed(db, 'email_messages', id, leaseUntil, {
        ...settledColumns(s, { done: 'sent', pending: 'pending', dead: 'failed' }),
        sent_at: s.outcome === 'done' ? s.at : null,
      }),
  };
}

export type EmailMessagesRepository = ReturnType<typeof createEmailMessagesRepository>;

/** Replaces the addresses of mails sent (or to send) to a person erased (GDPR art. 17); how many. */
export async function forgetRecipients(trx: Kysely<Database>, addresses: readonly string[]): Promise<number> {
  if (addresses.length === 0) return 0;
  const result = await trx
    .updateTable('email_messages')
    .set({ recipient: 'erased@erased.invalid' })
    .where('recipient', 'in', [...addresses])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
