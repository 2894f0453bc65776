import type { Kysely, Selectable } from 'kysely';
import { claimDueRows } from '../../db/claims.ts';
import { afterPosition, type KeysetPosition, pageWithTotal } from '../../db/keyset.ts';
import type { Database, WebhookDeliveriesTable } from '../../db/tables.ts';

export type Delivery = Selectable<WebhookDeliveriesTable>;

export function createWebhookDeliveriesRepository(db: Kysely<Database>) {
  return {
    /** New deliveries, in the transaction that records their event. */
    async enqueue(trx: Kysely<Database>, rows: Delivery[]): Promise<void> {
      if (rows.length > 0) await trx.insertInto('webhook_deliveries').values(rows).execute();
    },

    /**
     * Claims up to `limit` due deliveries until `leaseUntil`: on PostgreSQL with `FOR UPDATE SKIP
     * LOCKED`, so deliverers in several processes take disjoint rows; a row whose lease ran out (its
     * deliverer died) is due again.
     */
    async claimDue(now: string, leaseUntil: string, limit: number): Promise<Delivery[]> {
      const ids = await claimDueRows(db, 'webhook_deliveries', now, leaseUntil, limit);
      if (ids.length === 0) return [];
      return db.selectFrom('webhook_deliveries').selectAll().where('id', 'in', ids).execute();
    },

    /** Records an attempt's outcome, if the claim is still this deliverer's. */
    async settle(
      id: string,
      leaseUntil: string,
      outcome: Pick<
        Delivery,
        | 'status'
        | 'next_attempt_at'
        | 'last_attempt_at'
        | 'last_status_code'
        | 'last_error'
        | 'last_latency_ms'
      >,
    ): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ ...outcome, attempts: eb('attempts', '+', 1), locked_until: null }))
        .where('id', '=', id)
        .where('locked_until', '=', leaseUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

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
