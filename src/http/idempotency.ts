import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { ERROR_CODES } from './error-codes.ts';
import type { IdempotencyKeysRepository, StoredResponse } from './idempotency-keys-repository.ts';
import { PROBLEM_CONTENT_TYPE, toProblem } from './problem.ts';

export type { StoredResponse } from './idempotency-keys-repository.ts';

const KEY = /^[\x21-\x7e]{1,255}$/;

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
export function createIdempotency(keys: IdempotencyKeysRepository) {
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
      if (!(await keys.claim(userId, key, operation, hash))) {
        const row = await keys.find(userId, key);
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
        const stored = row.response!;
        reply.headers(stored.headers ?? {}).header('idempotent-replayed', 'true');
        if (stored.status >= 400) reply.type(PROBLEM_CONTENT_TYPE);
        return reply.code(stored.status).send(stored.body ?? null);
      }
      try {
        const response = await work();
        await keys.settle(userId, key, response);
        return reply
          .code(response.status)
          .headers(response.headers ?? {})
          .send(response.body);
      } catch (error) {
        if (error instanceof AppError && ERROR_CODES[error.code].status < 500) {
          await keys.settle(userId, key, {
            status: ERROR_CODES[error.code].status,
            body: toProblem(error.code, error.message, request.id, error.extras),
          });
        } else {
          await keys.release(userId, key);
        }
        throw error;
      }
    },

    purgeOlderThan: keys.purgeOlderThan,
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
