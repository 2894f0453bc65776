import type { FastifyRequest } from 'fastify';
import { OAuthError } from './oauth-error.ts';

/** Longer than any OAuth parameter this server issues or stores (tokens are under 1,000 characters). */
const MAX_PARAM_LENGTH = 4096;

/**
 * The form fields of an OAuth request. RFC 6749 §3.2: form-encoded only; §3.1: no parameter twice.
 * A parameter holding NUL, or longer than any real one, is invalid_request: no such value can name a
 * client, user or token, and neither engine should be handed it.
 */
export function formParams(request: FastifyRequest): Record<string, string> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new OAuthError('invalid_request', 'The request body must be application/x-www-form-urlencoded');
  }
  const body = (request.body ?? {}) as Record<string, unknown>;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string') throw new OAuthError('invalid_request', `${key} is given more than once`);
    if (value.includes('\u0000')) throw new OAuthError('invalid_request', `${key} holds a NUL character`);
    if (value.length > MAX_PARAM_LENGTH)
      throw new OAuthError('invalid_request', `${key} is longer than ${MAX_PARAM_LENGTH} characters`);
    if (value !== '') params[key] = value;
  }
  return params;
}
