import type { Kysely, Selectable } from 'kysely';
import { claimDueRows } from '../../db/claims.ts';
import type { Database, EmailMessagesTable } from '../../db/tables.ts';

export type EmailMessage = Selectable<EmailMessagesTable>;

export function createEmailMessagesRepository(db: Kysely<Database>) {
  return {
    /** New mails, in the transaction that records their event. */
    async enqueue(trx: Kysely<Database>, rows: EmailMessage[]): Promise<void> {
      if (rows.length > 0) await trx.insertInto('email_messages').values(rows).execute();
    },
    /** Claims due mails with a lease (see `claimDueRows`). */
    async claimDue(now: string, leaseUntil: string, limit: number): Promise<EmailMessage[]> {
      const ids = await claimDueRows(db, 'email_messages', now, leaseUntil, limit);
      if (ids.length === 0) return [];
      return db.selectFrom('email_messages').selectAll().where('id', 'in', ids).execute();
    },
    /** Records an attempt's outcome, if the claim is still this mailer's. */
    async settle(
      id: string,
      leaseUntil: string,
      outcome: Pick<EmailMessage, 'status' | 'next_attempt_at' | 'last_error' | 'sent_at'>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('email_messages')
        .set((eb) => ({ ...outcome, attempts: eb('attempts', '+', 1), locked_until: null }))
        .where('id', '=', id)
        .where('locked_until', '=', leaseUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type EmailMessagesRepository = ReturnType<typeof createEmailMessagesRepository>;
