import formbody from '@fastify/formbody';
import type { FastifyError } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { ERROR_CODES } from '../../http/error-codes.ts';
import { problemErrorHandler } from '../../http/error-handler.ts';
import { discoveryRoutes } from './discovery.route.ts';
import { introspectTokenRoute } from './introspect-token.route.ts';
import { issueTokenRoute } from './issue-token.route.ts';
import { OAuthError } from './oauth-error.ts';
import { revokeTokenRoute } from './revoke-token.route.ts';
import type { SigningKeys } from './signing-keys.ts';
import { tokenRequestLimit } from './token-rate-limit.ts';
import type { TokenService } from './token-service.ts';
import { webSessionRoutes } from './web-session.routes.ts';

export interface AuthModuleDeps {
  tokens: TokenService;
  keys: SigningKeys;
  issuer: string;
  tokenRequestsPerMinutePerSource: number;
  /** Whether forwarded headers are believed (TRUST_PROXY): then only the issuer's origin is the site's. */
  trustProxy: boolean;
}

/**
 * A refusal by a cross-cutting check (an unsupported Itinera-Version, a rate limit) in RFC 6749 terms:
 * its status and headers kept, `temporarily_unavailable` when it says to come back later.
 */
function asOAuthError(error: AppError): OAuthError | undefined {
  const status = ERROR_CODES[error.code].status;
  if (error.code === 'OVERLOADED')
    return new OAuthError('temporarily_unavailable', error.message, {
      status,
      headers: { ...error.headers },
    });
  if (status >= 500) return undefined;
  const code = status === 429 ? 'temporarily_unavailable' : 'invalid_request';
  return new OAuthError(code, error.message, { status, headers: { ...error.headers } });
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
          : error instanceof AppError
            ? asOAuthError(error)
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
  await webSessionRoutes(app, {
    tokens: deps.tokens,
    limited: tokenRequestLimit(app, deps.tokenRequestsPerMinutePerSource),
    site: { publicUrl: deps.issuer, trustProxy: deps.trustProxy },
  });
}
