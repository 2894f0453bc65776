import type { Kysely } from 'kysely';
import type { Database, PaymentOperationsTable } from '../../db/tables.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { PaymentsRepository } from './payments-repository.ts';

/** Queues a gateway operation in `trx`, due now: done by the payments job once `trx` commits. */
export type QueueOperation = (
  trx: Kysely<Database>,
  paymentId: string,
  kind: PaymentOperationsTable['kind'],
  amount: number,
) => Promise<void>;

export function createOperationQueue(deps: {
  payments: PaymentsRepository;
  clock: Clock;
  ids: IdGenerator;
}): QueueOperation {
  return async (trx, paymentId, kind, amount) => {
    const now = deps.clock.now().toISOString();
    await deps.payments.addOperation(trx, {
      id: deps.ids.ordered('pop'),
      payment_id: paymentId,
      kind,
      amount,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      created_at: now,
      done_at: null,
    });
  };
}
