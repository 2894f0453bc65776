import type { Kysely, Selectable } from 'kysely';
import { claimDueRows } from '../../db/claims.ts';
import type { Database, PaymentOperationsTable, PaymentsTable } from '../../db/tables.ts';

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

    async claimDue(now: string, leaseUntil: string, limit: number): Promise<PaymentOperation[]> {
      const ids = await claimDueRows(db, 'payment_operations', now, leaseUntil, limit);
      if (ids.length === 0) return [];
      return db.selectFrom('payment_operations').selectAll().where('id', 'in', ids).orderBy('id').execute();
    },

    async settleOperation(
      id: string,
      leaseUntil: string,
      outcome: Pick<PaymentOperation, 'status' | 'next_attempt_at' | 'last_error' | 'done_at'>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('payment_operations')
        .set((eb) => ({ ...outcome, attempts: eb('attempts', '+', 1), locked_until: null }))
        .where('id', '=', id)
        .where('locked_until', '=', leaseUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

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
