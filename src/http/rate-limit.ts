import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error.ts';
import type { App } from './app-instance.ts';

/** Who a request counts against: its signed-in caller (client and user), or else its address. */
export function callerKey(request: FastifyRequest): string {
  return request.principal
    ? `u:${request.principal.clientId}:${request.principal.userId}`
    : `ip:${request.ip}`;
}

/**
 * Per caller limits, counted as each request arrives (after authentication, before anything else): a
 * signed-in caller per client and user, with `max` a window; anyone else (no token, a bad token, the
 * OpenAPI document, the OAuth endpoints) per address, with `anonymousMax`. With Redis the counters are
 * shared by every process. Answers 429 RATE_LIMITED with Retry-After and the RateLimit-* headers of
 * draft-ietf-httpapi-ratelimit-headers. Health checks are not counted.
 */
export async function registerRateLimit(
  app: App,
  options: { max: number; anonymousMax: number; windowSeconds: number; redis?: Redis | undefined },
): Promise<void> {
  await app.register(rateLimit, {
    // Not per route (a route's own hooks, its guard among them, would run first): one hook for all.
    global: false,
    max: (request) => (request.principal ? options.max : options.anonymousMax),
    timeWindow: options.windowSeconds * 1000,
    enableDraftSpec: true,
    nameSpace: 'itinera-rl:',
    skipOnError: true,
    ...(options.redis ? { redis: options.redis } : {}),
    allowList: (request) => request.url.startsWith('/health/'),
    keyGenerator: callerKey,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Rate limit of ${context.max} requests per ${context.after} reached; retry later`,
        {
          retry_after_seconds: Math.ceil(context.ttl / 1000),
        },
      ),
  });
  app.addHook('onRequest', app.rateLimit());
}
