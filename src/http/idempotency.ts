import { createHash } from 'node:crypto';
import type {
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import Type from 'typebox';
import type { Clock } from '../ports/clock.ts';
import { AppError } from './app-error.ts';
import type { IdempotencyKeysRepository } from './idempotency-keys-repository.ts';
import { PROBLEM_CONTENT_TYPE } from './problem.ts';

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

/** The `headers` schema of an idempotent operation: the key is required (checked before the body). */
export function idempotencyKeyHeaders(example: string) {
  return Type.Object({
    'idempotency-key': Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'Unique per booking attempt (1–255 visible ASCII characters); a retry sends the same key',
      examples: [example],
    }),
  });
}

/** The key of a request that passed the idempotency hooks, for the handler to record with what it makes. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key === 'string' && KEY.test(key)) return key;
  throw new AppError(
    'IDEMPOTENCY_KEY_REQUIRED',
    'Send an Idempotency-Key header (1–255 visible ASCII characters), new for each new booking',
    { errors: [{ location: 'headers', pointer: '/idempotency-key', detail: 'is required' }] },
  );
}

/**
 * How long a claim may stay in progress before a retry may take it over: far longer than any booking
 * takes, so only a claim whose process died is taken. The booking itself records its key, so a retry
 * after a crash either finds the booking that committed or makes it, never a second one.
 */
export const STALE_CLAIM_SECONDS = 60;

/** The headers of an answer that a replay sends again. */
const REPLAYED_HEADERS = ['etag', 'location'];

/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header) as a pair of route hooks: the first
 * request with a key runs and its answer is kept for 24 hours; the same key and body replay that answer
 * (with `Idempotent-Replayed: true`); the same key with another body is 422; a duplicate arriving while
 * the first still runs is 409 and never runs twice. Answers of 5xx are not kept, so a retry runs again.
 * The handler itself knows nothing of it: spread `idempotency.hooks('book_flight')` into the route.
 */
export function createIdempotency(
  keys: IdempotencyKeysRepository,
  userOf: (request: FastifyRequest) => string,
  clock: Clock,
  staleClaimSeconds = STALE_CLAIM_SECONDS,
) {
  const claimed = new WeakMap<FastifyRequest, { userId: string; key: string }>();

  /** Claims the key for this request, or answers from an earlier one with the same key. */
  function preHandler(operation: string): preHandlerAsyncHookHandler {
    return async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const userId = userOf(request);
      const hash = createHash('sha256')
        .update(`${operation}\n${canonical(request.body)}`)
        .digest('hex');
      if (await keys.claim(userId, key, operation, hash)) {
        claimed.set(request, { userId, key });
        return;
      }
      const row = await keys.find(userId, key);
      if (!row)
        throw new AppError(
          'IDEMPOTENCY_IN_PROGRESS',
          'Retry: the earlier request with this key just finished failing',
        );
      if (row.operation !== operation || row.request_hash !== hash)
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used with a different request; use a new key',
        );
      const cutoff = new Date(clock.now().getTime() - staleClaimSeconds * 1000);
      if (row.status !== 'done' && (await keys.takeOver(userId, key, hash, cutoff))) {
        claimed.set(request, { userId, key });
        return;
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
    };
  }

  /** A request without a usable key is refused with its own code before its body is judged. */
  const requireKey: preValidationAsyncHookHandler = async (request) => {
    idempotencyKeyOf(request);
  };

  /** Keeps the answer of a request that claimed its key (a 5xx frees the key instead). */
  const onSend: onSendHookHandler = async (request, reply, payload) => {
    const claim = claimed.get(request);
    if (!claim) return payload;
    claimed.delete(request);
    if (reply.statusCode >= 500) {
      await keys.release(claim.userId, claim.key);
      return payload;
    }
    const headers = Object.fromEntries(
      REPLAYED_HEADERS.flatMap((h) => {
        const value = reply.getHeader(h);
        return value === undefined ? [] : [[h, String(value)]];
      }),
    );
    const body: unknown = typeof payload === 'string' && payload !== '' ? JSON.parse(payload) : null;
    await keys.settle(claim.userId, claim.key, { status: reply.statusCode, body, headers });
    return payload;
  };

  return {
    /** The route options that make an operation idempotent by key. */
    hooks: (operation: string) => ({ preValidation: requireKey, preHandler: preHandler(operation), onSend }),
    purgeOlderThan: keys.purgeOlderThan,
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
