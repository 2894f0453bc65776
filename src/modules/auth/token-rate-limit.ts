import type { onRequestAsyncHookHandler } from 'fastify';
import type { App } from '../../http/app-instance.ts';
import { OAuthError } from './oauth-error.ts';

/**
 * Requests that may cost a password hash, counted per source address apart from the general limit and
 * much tighter; the token endpoint and the website's sign-in share one count.
 */
export function tokenRequestLimit(app: App, perSourcePerMinute: number): onRequestAsyncHookHandler {
  const perSource = app.createRateLimit({
    max: perSourcePerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `token:${request.ip}`,
  });
  return async (request) => {
    const limit = await perSource(request);
    if (!limit.isAllowed && limit.isExceeded)
      throw new OAuthError(
        'temporarily_unavailable',
        `Too many token requests; retry in ${limit.ttlInSeconds} s`,
        {
          status: 429,
          headers: { 'retry-after': String(limit.ttlInSeconds) },
        },
      );
  };
}
