import formbody from '@fastify/formbody';
import type { FastifyError } from 'fastify';
import type { App } from '../../http/app-instance.ts';
import { problemErrorHandler } from '../../http/error-handler.ts';
import { discoveryRoutes } from './discovery.route.ts';
import { introspectTokenRoute } from './introspect-token.route.ts';
import { issueTokenRoute } from './issue-token.route.ts';
import { OAuthError } from './oauth-error.ts';
import { revokeTokenRoute } from './revoke-token.route.ts';
import type { SigningKeys } from './signing-keys.ts';
import type { TokenService } from './token-service.ts';

export interface AuthModuleDeps {
  tokens: TokenService;
  keys: SigningKeys;
  issuer: string;
  tokenRequestsPerMinutePerSource: number;
}

/**
 * The `/connect/*` endpoints speak RFC 6749 errors, not problem details: this scope has its own
 * error handler, so even a body Fastify cannot parse answers `invalid_request`.
 */
export async function authModule(app: App, deps: AuthModuleDeps): Promise<void> {
  await app.register(async (oauth) => {
    await oauth.register(formbody);
    oauth.setErrorHandler((error: FastifyError, request, reply) => {
      const oauthError =
        error instanceof OAuthError
          ? error
          : error.statusCode && error.statusCode < 500
            ? new OAuthError('invalid_request', error.message)
            : undefined;
      if (!oauthError) return problemErrorHandler(error, request, reply);
      reply.code(oauthError.status).headers(oauthError.headers).header('cache-control', 'no-store');
      return reply.send(oauthError.body());
    });
    issueTokenRoute(oauth, { tokens: deps.tokens, perSourcePerMinute: deps.tokenRequestsPerMinutePerSource });
    revokeTokenRoute(oauth, deps);
    introspectTokenRoute(oauth, deps);
  });
  discoveryRoutes(app, deps);
}
