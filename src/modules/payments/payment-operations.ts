import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { type Attempted, createOutbox } from '../../jobs/outbox.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { PaymentGateway } from './gateway.ts';
import { createOperationQueue } from './operation-queue.ts';
import type { PaymentOperation, PaymentsRepository } from './payments-repository.ts';

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

  return createOutbox({
    name: 'payments.operations',
    store: { claimDue: payments.claimDue, settle: payments.settleOperation },
    attempt: async (op: PaymentOperation): Promise<Attempted<never>> => {
      await perform(op);
      return { ok: true };
    },
    // Money owed to or by a card is never given up on: 5 s, doubling, at most an hour apart.
    retry: { kind: 'backoff', firstMs: 5_000, maxMs: 3_600_000, jitter: 0.1 },
    clock,
    random: Math.random,
    batch: deps.batch,
    // The gateway sees a payment's operations in the order they were queued; payments side by side.
    concurrency: 4,
    sequenceOf: (op) => op.payment_id,
    leaseMs: deps.leaseMs,
    before: voidOrphans,
    settled: (op, settlement) => {
      if (settlement.outcome !== 'done') deps.onFailure(op, settlement.lastError);
    },
  });
}
