import type { Kysely, Selectable } from 'kysely';
import { claimDue, settleClaimed } from '../../db/claims.ts';
import { afterPosition, type KeysetPosition, pageWithTotal } from '../../db/keyset.ts';
import type { Database, WebhookDeliveriesTable } from '../../db/tables.ts';
import { type Outcome, type Settlement, settledColumns } from '../../jobs/outbox.ts';

export type Delivery = Selectable<WebhookDeliveriesTable>;

/** What a webhook delivery's row keeps of an attempt besides its outcome. */
export interface DeliveryAttempt {
  last_status_code: number | null;
  last_latency_ms: number | null;
}

/** A delivery's status for each outcome of the outbox. */
export const STATUS = { done: 'delivered', pending: 'pending', dead: 'failed' } as const satisfies Record<
  Outcome,
  Delivery['status']
>;

export function createWebhookDeliveriesRepository(db: Kysely<Database>) {
  return {
    /** New deliveries, in the transaction that records their event. */
    async enqueue(trx: Kysely<Database>, rows: Delivery[]): Promise<void> {
      if (rows.length > 0) await trx.insertInto('webhook_deliveries').values(rows).execute();
    },

    /** Claims due deliveries with a lease (see `claimDueRows`). */
    claimDue: (now: string, leaseUntil: string, limit: number): Promise<Delivery[]> =>
      claimDue(db, 'webhook_deliveries', now, leaseUntil, limit),

    /** Records an attempt's outcome, if the claim is still this deliverer's. */
    settle: (id: string, leaseUntil: string, s: Settlement, attempt: DeliveryAttempt | undefined) =>
      settleClaimed(db, 'webhook_deliveries', id, leaseUntil, {
        ...settledColumns(s, STATUS),
        last_attempt_at: s.at,
        last_status_code: attempt?.last_status_code ?? null,
        last_latency_ms: attempt?.last_latency_ms ?? null,
      }),

    /** Whether the endpoint took any delivery made at or after `since`. */
    async deliveredSince(endpointId: string, since: string): Promise<boolean> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', endpointId)
        .where('status', '=', 'delivered')
        .where('created_at', '>=', since)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Makes a delivery due now again (a redelivery asked for), whatever became of it. */
    async requeue(eventId: string, endpointId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now, locked_until: null })
        .where('event_id', '=', eventId)
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async page(
      endpointIds: readonly string[],
      filter: { status?: string | undefined; eventId?: string | undefined },
      after: KeysetPosition | undefined,
      limit: number,
    ) {
      if (endpointIds.length === 0) return { rows: [] as Delivery[], more: false, total: 0 };
      const where = (q: ReturnType<typeof base>) => {
        let r = q.where('endpoint_id', 'in', [...endpointIds]);
        if (filter.status) r = r.where('status', '=', filter.status as Delivery['status']);
        if (filter.eventId) r = r.where('event_id', '=', filter.eventId);
        return r;
      };
      const base = () => db.selectFrom('webhook_deliveries');
      let rows = where(base()).selectAll();
      if (after) rows = rows.where((eb) => afterPosition(eb, 'id', after, true));
      return pageWithTotal(
        rows
          .orderBy('id', 'desc')
          .limit(limit + 1)
          .execute(),
        where(base())
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        limit,
      );
    },
  };
}

export type WebhookDeliveriesRepository = ReturnType<typeof createWebhookDeliveriesRepository>;
