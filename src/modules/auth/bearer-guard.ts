import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { admittingRoles } from '../../http/route-roles.ts';
import { type AccessTokens, InvalidTokenError, type Principal } from './access-tokens.ts';
import { hasScope, type Role, type Scope } from './scopes.ts';
import type { TokensRepository } from './tokens-repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller whose Bearer token was verified; null when none was sent or it was refused. */
    principal: Principal | null;
    /** Why the Bearer token sent was refused; the route's guard answers with it. */
    authFailure: AppError | null;
  }
}

export interface GuardOptions {
  /** The scope needed; of several, any one will do (each role reaches the operation by its own). */
  scope: Scope | readonly Scope[];
  roles?: readonly Role[];
}

const REALM = 'realm="itinera"';

function challenge(error?: string, description?: string, extra = ''): string {
  if (!error) return `Bearer ${REALM}`;
  const safe = (description ?? '').replaceAll('"', "'");
  return `Bearer ${REALM}, error="${error}", error_description="${safe}"${extra}`;
}

/** The caller, after a guard has run; routes behind a guard always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route is not guarded');
  return request.principal;
}

/**
 * RFC 6750 bearer authentication, in two steps. `authenticate` runs first on every request: a Bearer
 * token is verified once and the caller recorded (or the reason it was refused), so that the rate
 * limiter counts a signed-in caller as itself and anyone else, bad tokens included, by address. A
 * route's `guard` then decides: missing credentials, 401 with a bare challenge (§3.1); a bad, expired,
 * revoked or wrongly signed token, 401 `invalid_token`; a missing scope, 403 `insufficient_scope`; a
 * role the route refuses, 403 FORBIDDEN.
 */
export function createBearerGuard(accessTokens: AccessTokens, tokens: TokensRepository) {
  async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header || !/^Bearer\b/i.test(header)) return;
    const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
    if (!match) {
      request.authFailure = new AppError(
        'INVALID_TOKEN',
        'The Authorization header is malformed',
        {},
        { 'www-authenticate': challenge('invalid_token', 'malformed Authorization header') },
      );
      return;
    }
    try {
      const principal = await accessTokens.verify(match[1]!);
      if (await tokens.isAccessRevoked(principal)) throw new InvalidTokenError('the token was revoked');
      request.principal = principal;
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      request.authFailure = new AppError(
        'INVALID_TOKEN',
        `The access token is not valid: ${error.message}`,
        {},
        { 'www-authenticate': challenge('invalid_token', error.message) },
      );
    }
  }

  function guard(options: GuardOptions): onRequestAsyncHookHandler {
    return admittingRoles(bearer, options.roles);
    async function bearer(request: FastifyRequest) {
      if (request.authFailure) throw request.authFailure;
      const principal = request.principal;
      if (!principal) {
        throw new AppError(
          'UNAUTHENTICATED',
          'Send an access token as "Authorization: Bearer <token>"',
          {},
          { 'www-authenticate': challenge() },
        );
      }
      if (options.roles && !options.roles.includes(principal.role)) {
        throw new AppError('FORBIDDEN', `This operation is for ${options.roles.join(' or ')} accounts`);
      }
      if (!hasScope(principal.scope, options.scope)) {
        const needed = typeof options.scope === 'string' ? [options.scope] : options.scope;
        throw new AppError(
          'INSUFFICIENT_SCOPE',
          `This operation needs the ${needed.join(' or ')} scope`,
          { required_scope: needed.join(' ') },
          {
            'www-authenticate': challenge(
              'insufficient_scope',
              `needs ${needed.join(' or ')}`,
              `, scope="${needed.join(' ')}"`,
            ),
          },
        );
      }
    }
  }

  return { authenticate, guard };
}

export type BearerGuard = ReturnType<typeof createBearerGuard>;
