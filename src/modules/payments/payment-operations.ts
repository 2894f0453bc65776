import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { PaymentGateway } from './gateway.ts';
import { createOperationQueue } from './operation-queue.ts';
import type { PaymentOperation, PaymentsRepository } from './payments-repository.ts';
import { nextAttemptAt } from './retry-backoff.ts';

/**
 * The payments job. Does the gateway operations that committed bookings queued (capture, void, refund),
 * each under its own idempotency key so a retry after a crash happens once at the provider; and voids
 * card authorizations that never became part of a booking (a failed booking transaction, a crash between
 * authorizing and committing) once they are `orphanAfterMs` old: first in the database, conditionally,
 * so a booking transaction still under way can no longer use it, then at the gateway.
 */
export function createPaymentOperations(deps: {
  db: Kysely<Database>;
  payments: PaymentsRepository;
  gateway: PaymentGateway;
  clock: Clock;
  ids: IdGenerator;
  leaseMs: number;
  batch: number;
  orphanAfterMs: number;
  onFailure: (operation: PaymentOperation, error: unknown) => void;
}) {
  const { db, payments, gateway, clock } = deps;
  const queue = createOperationQueue({ payments, clock, ids: deps.ids });

  async function perform(op: PaymentOperation): Promise<void> {
    const payment = await payments.find(db, op.payment_id);
    if (!payment) throw new Error(`payment ${op.payment_id} is gone`);
    if (op.kind === 'void') return gateway.void(payment.id);
    if (!payment.gateway_ref) throw new Error(`payment ${payment.id} was never authorized`);
    if (op.kind === 'capture') return gateway.capture(payment.gateway_ref, op.amount, op.id);
    return gateway.refund(payment.gateway_ref, op.amount, op.id);
  }

  async function voidOrphans(): Promise<number> {
    const now = clock.now();
    const orphans = await payments.orphans(
      new Date(now.getTime() - deps.orphanAfterMs).toISOString(),
      deps.batch,
    );
    for (const row of orphans)
      await db.transaction().execute(async (trx) => {
        if (
          await payments.update(
            trx,
            row.id,
            { status: 'voided', failure: 'orphaned', updated_at: now.toISOString() },
            row.status,
          )
        )
          await queue(trx, row.id, 'void', row.amount);
      });
    return orphans.length;
  }

  /** Runs what is due; answers how many operations it claimed. */
  async function runDue(): Promise<number> {
    await voidOrphans();
    const now = clock.now();
    const lease = new Date(now.getTime() + deps.leaseMs).toISOString();
    const claimed = await payments.claimDue(now.toISOString(), lease, deps.batch);
    for (const op of claimed) {
      let error: unknown = null;
      try {
        await perform(op);
      } catch (e) {
        error = e;
        deps.onFailure(op, e);
      }
      const at = clock.now();
      await payments.settleOperation(op.id, lease, {
        status: error ? 'pending' : 'done',
        next_attempt_at: error ? nextAttemptAt(at, op.attempts) : null,
        last_error: error ? String(error instanceof Error ? error.message : error).slice(0, 500) : null,
        done_at: error ? null : at.toISOString(),
      });
    }
    return claimed.length;
  }

  return { runDue };
}
