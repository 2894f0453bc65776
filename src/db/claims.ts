import type { Kysely, Selectable, Updateable } from 'kysely';
import { isPostgres } from './dialect.ts';
import type { Database } from './tables.ts';

/** Tables of work to send (an outbox): each row has a status, when it is due, and a claim's lease. */
export type OutboxTable =
  | 'webhook_deliveries'
  | 'email_messages'
  | 'payment_operations'
  | 'channel_deliveries';

/**
 * Claims up to `limit` due rows of an outbox until `leaseUntil`, in one transaction: on PostgreSQL the
 * rows are locked with `FOR UPDATE SKIP LOCKED`, so claimers in several processes take disjoint rows; a
 * row whose lease ran out (its claimer died) is due again. Answers the ids claimed.
 */
export async function claimDueRows(
  db: Kysely<Database>,
  table: OutboxTable,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<string[]> {
  // Both outboxes share these columns; the query is written once against one of them.
  const outbox = table as 'webhook_deliveries';
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom(outbox)
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit);
    if (isPostgres(trx)) due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((r) => r.id);
    if (ids.length > 0)
      await trx.updateTable(outbox).set({ locked_until: leaseUntil }).where('id', 'in', ids).execute();
    return ids;
  });
}

/** The due rows of an outbox, claimed until `leaseUntil` (see `claimDueRows`), in the order they fell due. */
export async function claimDue<T extends OutboxTable>(
  db: Kysely<Database>,
  table: T,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<Selectable<Database[T]>[]> {
  const ids = await claimDueRows(db, table, now, leaseUntil, limit);
  if (ids.length === 0) return [];
  const outbox = table as 'webhook_deliveries';
  const rows = await db
    .selectFrom(outbox)
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .execute();
  return rows as unknown as Selectable<Database[T]>[];
}

/**
 * Records an attempt at a claimed row and counts it, if the claim is still the caller's (its lease
 * unchanged): false when another claimer took the row after the lease ran out.
 */
export async function settleClaimed<T extends OutboxTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
  leaseUntil: string,
  fields: Updateable<Database[T]>,
): Promise<boolean> {
  const outbox = table as 'webhook_deliveries';
  const result = await db
    .updateTable(outbox)
    .set((eb) => ({
      ...(fields as Updateable<Database['webhook_deliveries']>),
      attempts: eb('attempts', '+', 1),
      locked_until: null,
    }))
    .where('id', '=', id)
    .where('locked_until', '=', leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
