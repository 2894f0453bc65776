import cors from '@fastify/cors';
import type { App } from './app-instance.ts';

/**
 * CORS for other sites' pages, only for the origins `CORS_ORIGINS` names; with none, no CORS header is
 * sent and browsers keep other origins' scripts out. Bearer tokens, not cookies: no credentials mode.
 */
export async function registerCors(app: App, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: [...origins],
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: [
      'authorization',
      'content-type',
      'idempotency-key',
      'if-match',
      'itinera-version',
      'accept-language',
      'x-request-id',
    ],
    exposedHeaders: [
      'x-request-id',
      'retry-after',
      'etag',
      'location',
      'content-language',
      'itinera-version',
    ],
    maxAge: 600,
  });
}
