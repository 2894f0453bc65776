import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { Clock } from '../ports/clock.ts';
import { AppError } from './app-error.ts';
import { ERROR_CODES } from './error-codes.ts';
import { PROBLEM_CONTENT_TYPE, toProblem } from './problem.ts';

const KEY = /^[\x21-\x7e]{1,255}$/;

export interface StoredResponse {
  status: number;
  body: unknown;
  /** Headers to send again on a replay (ETag, Location). */
  headers?: Record<string, string>;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header): the first request with a key runs
 * and its answer is kept for 24 hours; the same key and body replay that answer (with
 * `Idempotent-Replayed: true`); the same key with another body is 422; a duplicate arriving while the
 * first still runs is 409 and never runs twice. Answers of 5xx are not kept, so a retry runs again.
 */
export function createIdempotency(db: Kysely<Database>, clock: Clock) {
  async function claim(userId: string, key: string, operation: string, hash: string): Promise<boolean> {
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
  }

  async function settle(userId: string, key: string, response: StoredResponse): Promise<void> {
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
  }

  async function release(userId: string, key: string): Promise<void> {
    await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
  }

  return {
    async run(
      request: FastifyRequest,
      reply: FastifyReply,
      operation: string,
      userId: string,
      work: () => Promise<StoredResponse>,
    ): Promise<FastifyReply> {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !KEY.test(key)) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REQUIRED',
          'Send an Idempotency-Key header (1–255 visible ASCII characters), new for each new booking',
          {
            errors: [{ location: 'headers', pointer: '/idempotency-key', detail: 'is required' }],
          },
        );
      }
      const hash = createHash('sha256')
        .update(`${operation}\n${canonical(request.body)}`)
        .digest('hex');
      if (!(await claim(userId, key, operation, hash))) {
        const row = await db
          .selectFrom('idempotency_keys')
          .selectAll()
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .executeTakeFirst();
        if (!row)
          throw new AppError(
            'IDEMPOTENCY_IN_PROGRESS',
            'Retry: the earlier request with this key just finished failing',
          );
        if (row.operation !== operation || row.request_hash !== hash) {
          throw new AppError(
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used with a different request; use a new key',
          );
        }
        if (row.status !== 'done')
          throw new AppError(
            'IDEMPOTENCY_IN_PROGRESS',
            'The first request with this key is still running; retry shortly',
            {},
            { 'retry-after': '1' },
          );
        const stored = JSON.parse(row.response_body ?? '{}') as {
          headers?: Record<string, string>;
          body?: unknown;
        };
        const body = stored.body ?? null;
        reply.headers(stored.headers ?? {}).header('idempotent-replayed', 'true');
        if (row.response_status! >= 400) reply.type(PROBLEM_CONTENT_TYPE);
        return reply.code(row.response_status!).send(body);
      }
      try {
        const response = await work();
        await settle(userId, key, response);
        return reply
          .code(response.status)
          .headers(response.headers ?? {})
          .send(response.body);
      } catch (error) {
        if (error instanceof AppError && ERROR_CODES[error.code].status < 500) {
          await settle(userId, key, {
            status: ERROR_CODES[error.code].status,
            body: toProblem(error.code, error.message, request.id, error.extras),
          });
        } else {
          await release(userId, key);
        }
        throw error;
      }
    },

    async purgeOlderThan(instant: Date): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('created_at', '<', instant.toISOString()).execute();
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
