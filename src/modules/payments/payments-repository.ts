import type { Kysely, Selectable } from 'kysely';
import { claimDue, settleClaimed } from '../../db/claims.ts';
import type { Database, PaymentOperationsTable, PaymentsTable } from '../../db/tables.ts';
import { type Settlement, settledColumns } from '../../jobs/outbox.ts';

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentOperation = Selectable<PaymentOperationsTable>;

/** Payments and the gateway operations still to do for them (an outbox claimed like the others). */
export function createPaymentsRepository(db: Kysely<Database>) {
  return {
    async insert(trx: Kysely<Database>, row: PaymentRow): Promise<void> {
      await trx.insertInto('payments').values(row).execute();
    },

    async update(
      trx: Kysely<Database>,
      id: string,
      fields: Partial<Omit<PaymentRow, 'id'>>,
      whenStatus?: PaymentRow['status'],
    ): Promise<boolean> {
      const result = await trx
        .updateTable('payments')
        .set(fields)
        .where('id', '=', id)
        .$if(whenStatus !== undefined, (q) => q.where('status', '=', whenStatus!))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async find(trx: Kysely<Database>, id: string): Promise<PaymentRow | undefined> {
      return trx.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The payment in force for a booking: money set aside or taken and not all given back. */
    async ofBooking(trx: Kysely<Database>, bookingId: string): Promise<PaymentRow | undefined> {
      return trx
        .selectFrom('payments')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .where('status', 'in', ['authorized', 'pending', 'paid', 'partially_refunded'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async addOperation(trx: Kysely<Database>, op: PaymentOperation): Promise<void> {
      await trx.insertInto('payment_operations').values(op).execute();
    },

    claimDue: (now: string, leaseUntil: string, limit: number): Promise<PaymentOperation[]> =>
      claimDue(db, 'payment_operations', now, leaseUntil, limit),

    /** Records an operation's attempt, if the claim is still this job's. */
    settleOperation: (id: string, leaseUntil: string, s: Settlement): Promise<boolean> =>
      settleClaimed(db, 'payment_operations', id, leaseUntil, {
        ...settledColumns(s, { done: 'done', pending: 'pending', dead: 'failed' }),
        done_at: s.outcome === 'done' ? s.at : null,
      }),

    /** Card authorizations that never became part of a booking (its transaction failed, or a crash). */
    async orphans(olderThan: string, limit: number): Promise<PaymentRow[]> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('booking_id', 'is', null)
        .where('status', 'in', ['authorizing', 'authorized'])
        .where('created_at', '<', olderThan)
        .limit(limit)
        .execute();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
