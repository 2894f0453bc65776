import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookEndpointsTable } from '../../db/tables.ts';

export interface WebhookEndpoint
  extends Omit<Selectable<WebhookEndpointsTable>, 'events' | 'all_events' | 'active'> {
  /** `['*']` for every type the owner may see. */
  events: string[];
  active: boolean;
}

function decode(row: Selectable<WebhookEndpointsTable>): WebhookEndpoint {
  const { all_events, ...rest } = row;
  return {
    ...rest,
    events: all_events === 1 ? ['*'] : (JSON.parse(row.events) as string[]),
    active: row.active === 1,
  };
}

function encodeEvents(events: readonly string[]) {
  const all = events.includes('*');
  return { events: JSON.stringify(all ? [] : [...new Set(events)].sort()), all_events: all ? 1 : 0 };
}

/** Whose endpoints a caller manages: their own (agents, their agency's), or all (admins). */
export type EndpointScope =
  | { kind: 'all' }
  | { kind: 'agency'; agencyId: string }
  | { kind: 'user'; userId: string };

export function createWebhookEndpointsRepository(db: Kysely<Database>) {
  const scoped = (scope: EndpointScope) => {
    let q = db.selectFrom('webhook_endpoints').selectAll();
    if (scope.kind === 'agency') q = q.where('agency_id', '=', scope.agencyId);
    if (scope.kind === 'user') q = q.where('user_id', '=', scope.userId);
    return q;
  };
  return {
    async insert(
      row: Omit<WebhookEndpoint, 'disabled_reason' | 'previous_secret' | 'previous_secret_until'>,
    ) {
      await db
        .insertInto('webhook_endpoints')
        .values({
          ...row,
          ...encodeEvents(row.events),
          active: row.active ? 1 : 0,
          disabled_reason: null,
          previous_secret: null,
          previous_secret_until: null,
        })
        .execute();
    },
    async list(scope: EndpointScope): Promise<WebhookEndpoint[]> {
      return (await scoped(scope).orderBy('id').execute()).map(decode);
    },
    async find(scope: EndpointScope, id: string): Promise<WebhookEndpoint | undefined> {
      const row = await scoped(scope).where('id', '=', id).executeTakeFirst();
      return row ? decode(row) : undefined;
    },
    async findById(id: string): Promise<WebhookEndpoint | undefined> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? decode(row) : undefined;
    },
    async update(
      id: string,
      change: Partial<
        Pick<
          WebhookEndpoint,
          | 'url'
          | 'description'
          | 'events'
          | 'active'
          | 'secret'
          | 'previous_secret'
          | 'previous_secret_until'
          | 'disabled_reason'
        >
      >,
      now: string,
    ): Promise<void> {
      const { events, active, ...rest } = change;
      await db
        .updateTable('webhook_endpoints')
        .set({
          ...rest,
          ...(events ? encodeEvents(events) : {}),
          ...(active === undefined ? {} : { active: active ? 1 : 0 }),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
    /** Switches an active endpoint off, with why, in the caller's transaction; false if it was not on. */
    async disable(trx: Kysely<Database>, id: string, reason: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('webhook_endpoints')
        .set({ active: 0, disabled_reason: reason, updated_at: now })
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async remove(id: string): Promise<void> {
      await db
        .deleteFrom('webhook_deliveries')
        .where('endpoint_id', '=', id)
        .where('status', '=', 'pending')
        .execute();
      await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    },
    /**
     * The active endpoints an event goes to, read in the event's transaction: those of admins (every
     * event) and those of the booking's agency; then each endpoint's own list of types decides.
     */
    async matching(trx: Kysely<Database>, type: string, agencyId: string | null): Promise<string[]> {
      const rows = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'events', 'all_events'])
        .where('active', '=', 1)
        .where((eb) => {
          const admin = eb('agency_id', 'is', null);
          return agencyId ? eb.or([admin, eb('agency_id', '=', agencyId)]) : admin;
        })
        .execute();
      return rows
        .filter((r) => r.all_events === 1 || (JSON.parse(r.events) as string[]).includes(type))
        .map((r) => r.id);
    },
  };
}

export type WebhookEndpointsRepository = ReturnType<typeof createWebhookEndpointsRepository>;
