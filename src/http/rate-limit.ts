import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from './app-error.ts';
import type { App } from './app-instance.ts';

/**
 * Per caller limits: a signed-in caller is counted per client and user, anyone else per address.
 * With Redis the counters are shared by every process. Answers 429 RATE_LIMITED with Retry-After
 * and the RateLimit-* headers of draft-ietf-httpapi-ratelimit-headers.
 */
export async function registerRateLimit(
  app: App,
  options: { max: number; windowSeconds: number; redis?: Redis | undefined },
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    max: options.max,
    timeWindow: options.windowSeconds * 1000,
    enableDraftSpec: true,
    nameSpace: 'itinera-rl:',
    skipOnError: true,
    ...(options.redis ? { redis: options.redis } : {}),
    allowList: (request) => request.url.startsWith('/health/'),
    keyGenerator: (request) =>
      request.principal ? `u:${request.principal.clientId}:${request.principal.userId}` : `ip:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Rate limit of ${context.max} requests per ${context.after} reached; retry later`,
        {
          retry_after_seconds: Math.ceil(context.ttl / 1000),
        },
      ),
  });
}
