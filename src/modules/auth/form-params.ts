import type { FastifyRequest } from 'fastify';
import { OAuthError } from './oauth-error.ts';

/**
 * The form fields of an OAuth request. RFC 6749 §3.2: form-encoded only; §3.1: no parameter twice.
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
    if (value !== '') params[key] = value;
  }
  return params;
}
