import { AppError } from './app-error.ts';
import type { App } from './app-instance.ts';

/**
 * Date-based API versions, chosen per request with the `Itinera-Version` header
 * (docs/decisions/0003-versioning.md). Without the header a request gets the current version.
 */
export const API_VERSIONS = ['2026-11-21', '2026-11-23'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const CURRENT_API_VERSION = API_VERSIONS[API_VERSIONS.length - 1]!;
export const VERSION_HEADER = 'itinera-version';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API version this request is served in: the one it asked for, or the current one. */
    apiVersion: ApiVersion;
  }
}

/** Whether the request is served in a version older than `version` (so it keeps the old behaviour). */
export function servedBefore(request: { apiVersion: ApiVersion }, version: ApiVersion): boolean {
  return request.apiVersion < version;
}

export function registerVersioning(app: App): void {
  app.decorateRequest('apiVersion', CURRENT_API_VERSION);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const asked = request.headers[VERSION_HEADER];
    if (asked === undefined) {
      reply.header(VERSION_HEADER, CURRENT_API_VERSION);
      return;
    }
    if (typeof asked !== 'string' || !(API_VERSIONS as readonly string[]).includes(asked)) {
      reply.header(VERSION_HEADER, CURRENT_API_VERSION);
      throw new AppError(
        'UNSUPPORTED_API_VERSION',
        `Itinera-Version ${JSON.stringify(asked)} is not supported; supported: ${API_VERSIONS.join(', ')}`,
        { supported_versions: [...API_VERSIONS] },
      );
    }
    request.apiVersion = asked as ApiVersion;
    reply.header(VERSION_HEADER, asked);
  });
}
