import fastifyEtag from '@fastify/etag';
import type { App } from './app-instance.ts';

/**
 * Registers routes whose answers change only with a new release or a data import (the catalogue): each
 * 200 answer carries a strong ETag of its bytes and `Cache-Control: private, max-age`, and a request
 * with a matching `If-None-Match` gets 304 with no body. Private: the routes need a token, so only the
 * client's own cache may keep them.
 */
export async function registerCacheable(
  app: App,
  maxAgeSeconds: number,
  routes: (scope: App) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyEtag);
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 200) reply.header('cache-control', `private, max-age=${maxAgeSeconds}`);
      return payload;
    });
    routes(scope as unknown as App);
  });
}
