import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { Clock } from '../ports/clock.ts';

export interface StoredResponse {
  status: number;
  body: unknown;
  /** Headers to send again on a replay (ETag, Location). */
  headers?: Record<string, string>;
}

/** A key as stored: who used it for what, and, once settled, the answer to replay. */
export interface IdempotencyKeyRecord {
  operation: string;
  request_hash: string;
  status: 'in_progress' | 'done';
  response: StoredResponse | null;
  /** When the key was claimed (or last taken over). */
  claimed_at: string;
}

/** The `idempotency_keys` table: claims, settled answers and their purge. No HTTP here. */
export function createIdempotencyKeysRepository(db: Kysely<Database>, clock: Clock) {
  return {
    /** Claims a key for a request; false when the key is already taken (by this or another request). */
    async claim(userId: string, key: string, operation: string, hash: string): Promise<boolean> {
      const result = await db
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key,
          operation,
          request_hash: hash,
          status: 'in_progress',
          response_status: null,
          response_body: null,
          created_at: clock.now().toISOString(),
        })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async find(userId: string, key: string): Promise<IdempotencyKeyRecord | undefined> {
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['operation', 'request_hash', 'status', 'response_status', 'response_body', 'created_at'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) return undefined;
      const stored =
        row.response_body === null
          ? null
          : (JSON.parse(row.response_body) as { headers?: Record<string, string>; body?: unknown });
      return {
        operation: row.operation,
        request_hash: row.request_hash,
        status: row.status === 'done' ? 'done' : 'in_progress',
        response:
          row.response_status === null
            ? null
            : { status: row.response_status, body: stored?.body ?? null, headers: stored?.headers ?? {} },
        claimed_at: row.created_at,
      };
    },

    /**
     * Takes over a claim left in progress since before `cutoff` (its process died before answering);
     * true for the one request that got it.
     */
    async takeOver(userId: string, key: string, hash: string, cutoff: Date): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({ created_at: clock.now().toISOString() })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('request_hash', '=', hash)
        .where('status', '=', 'in_progress')
        .where('created_at', '<', cutoff.toISOString())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async settle(userId: string, key: string, response: StoredResponse): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({
          status: 'done',
          response_status: response.status,
          response_body: JSON.stringify({ headers: response.headers ?? {}, body: response.body }),
        })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },

    async release(userId: string, key: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
    },

    async purgeOlderThan(instant: Date): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('created_at', '<', instant.toISOString()).execute();
    },
  };
}

export type IdempotencyKeysRepository = ReturnType<typeof createIdempotencyKeysRepository>;
