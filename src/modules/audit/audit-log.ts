import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AuditEventsTable, Database } from '../../db/tables.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';

export type AuditEventRow = Selectable<AuditEventsTable>;

/** Who did it, when it is not the request's signed-in caller (a sign-in names the account it is for). */
export interface AuditActor {
  type: AuditEventRow['actor_type'];
  id: string | null;
  name: string | null;
}

/** What happened, to what. */
export interface AuditEntry {
  action: string;
  outcome?: AuditEventRow['outcome'];
  actor?: AuditActor;
  agencyId?: string | null;
  target?: { type: string; id: string };
  before?: unknown;
  after?: unknown;
}

/** The request being served, for the address, request id and caller of what it records. */
const serving = new AsyncLocalStorage<FastifyRequest>();

/** Runs the rest of a request's handling with the request known to `record` (an onRequest hook). */
export function withAuditRequest(request: FastifyRequest, done: () => void): void {
  serving.run(request, done);
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * The audit log: `record` writes an entry in the caller's transaction (or on its own where the change is
 * one statement), with the address, request id and caller of the request being served; `list` reads them
 * newest first.
 */
export function createAuditLog(deps: { db: Kysely<Database>; clock: Clock; ids: IdGenerator }) {
  return {
    async record(entry: AuditEntry, trx: Kysely<Database> = deps.db): Promise<void> {
      const request = serving.getStore();
      const principal = request?.principal ?? null;
      const actor: AuditActor =
        entry.actor ??
        (principal
          ? {
              type: principal.sessionId === null ? 'client' : 'user',
              id: principal.userId,
              name: principal.username,
            }
          : request
            ? { type: 'anonymous', id: null, name: null }
            : { type: 'command', id: null, name: 'itinera' });
      await trx
        .insertInto('audit_events')
        .values({
          id: deps.ids.ordered('aud'),
          at: deps.clock.now().toISOString(),
          action: entry.action,
          outcome: entry.outcome ?? 'success',
          actor_type: actor.type,
          actor_id: actor.id,
          actor_name: actor.name,
          agency_id: entry.agencyId ?? principal?.agencyId ?? null,
          target_type: entry.target?.type ?? null,
          target_id: entry.target?.id ?? null,
          ip: request?.ip ?? null,
          request_id: request ? String(request.id) : null,
          before: json(entry.before),
          after: json(entry.after),
        })
        .execute();
    },

    /** A person's entries (as actor or target), oldest first, for their data export. */
    async about(userId: string): Promise<AuditEventRow[]> {
      return deps.db
        .selectFrom('audit_events')
        .selectAll()
        .where((eb) => eb.or([eb('actor_id', '=', userId), eb('target_id', '=', userId)]))
        .orderBy('id')
        .execute();
    },

    /** Forgets the name a person acted under (their erasure); the entries stay, by id. */
    async forgetName(trx: Kysely<Database>, userId: string): Promise<void> {
      await trx
        .updateTable('audit_events')
        .set({ actor_name: null })
        .where('actor_id', '=', userId)
        .execute();
    },

    /** Deletes the entries older than `cutoff` (the retention the installation keeps); how many went. */
    async purgeBefore(cutoff: string): Promise<number> {
      const result = await deps.db.deleteFrom('audit_events').where('at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Entries newest first, before `beforeId`, that match the filters; one more than `limit` says more follow. */
    async list(
      filter: {
        action?: string;
        agencyId?: string;
        actorId?: string;
        targetId?: string;
        from?: string;
        to?: string;
      },
      beforeId: string | undefined,
      limit: number,
    ): Promise<AuditEventRow[]> {
      let query = deps.db
        .selectFrom('audit_events')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit + 1);
      if (filter.action) {
        // The action itself, or its family (`sign_in` for `sign_in.failed`…): LIKE with its wildcards
        // escaped, so `_` means itself; the same on both engines whatever their collation.
        const family = filter.action;
        const pattern = `${family.replace(/[!%_]/g, (c) => `!${c}`)}.%`;
        query = query.where((eb) =>
          eb.or([eb('action', '=', family), sql<boolean>`${sql.ref('action')} like ${pattern} escape '!'`]),
        );
      }
      if (filter.agencyId) query = query.where('agency_id', '=', filter.agencyId);
      if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
      if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
      if (filter.from) query = query.where('at', '>=', filter.from);
      if (filter.to) query = query.where('at', '<', filter.to);
      if (beforeId) query = query.where('id', '<', beforeId);
      return query.execute();
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
