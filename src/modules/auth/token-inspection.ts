import type { Clock } from '../../ports/clock.ts';
import { type AccessTokens, InvalidTokenError } from './access-tokens.ts';
import type { AssertionVerifier } from './client-assertions.ts';
import { authenticateClient } from './client-authentication.ts';
import type { ClientsRepository } from './clients-repository.ts';
import { OAuthError } from './oauth-error.ts';
import { tokenHash } from './token-hash.ts';
import type { TokensRepository } from './tokens-repository.ts';
import type { UsersRepository } from './users-repository.ts';

/** A token endpoint's form fields (application/x-www-form-urlencoded). */
export type FormParams = Readonly<Record<string, string>>;

/**
 * What a client may do with a token it holds besides using it: revoke it (RFC 7009) and ask what it
 * means (RFC 7662). Each answers for the client's own tokens only.
 */
export function createTokenInspection(deps: {
  users: UsersRepository;
  clients: ClientsRepository;
  tokens: TokensRepository;
  accessTokens: AccessTokens;
  clock: Clock;
  assertions: AssertionVerifier;
}) {
  const { users, clients, tokens, accessTokens, clock } = deps;
  return {
    /** RFC 7009: revokes a refresh token (its whole family) or an access token; unknown tokens are fine. */
    async revoke(params: FormParams, authorization: string | undefined): Promise<void> {
      const client = await authenticateClient(clients, params, authorization, clock.now(), deps.assertions);
      const token = params.token;
      if (!token) throw new OAuthError('invalid_request', 'token is required');
      const now = clock.now().toISOString();
      const refresh = await tokens.findRefreshByHash(tokenHash(token));
      if (refresh) {
        if (refresh.client_id === client.client_id) await tokens.revokeFamily(refresh.family_id, now);
        return;
      }
      try {
        const principal = await accessTokens.verify(token);
        if (principal.clientId === client.client_id) {
          await tokens.revokeAccessToken(principal.jti, principal.expiresAt.toISOString());
        }
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
      }
    },

    /** RFC 7662: what a token means, for the client it was issued to; anything else is inactive. */
    async introspect(
      params: FormParams,
      authorization: string | undefined,
    ): Promise<Record<string, unknown>> {
      const client = await authenticateClient(clients, params, authorization, clock.now(), deps.assertions);
      // RFC 7662 §2.1: the caller must be authorized. A public client proves nothing (anyone can name it).
      if (client.secret_hash === null)
        throw new OAuthError(
          'invalid_client',
          'Introspection is for confidential clients, which authenticate',
        );
      const token = params.token;
      if (!token) throw new OAuthError('invalid_request', 'token is required');
      const now = clock.now();
      const refresh = token.startsWith('rt_') ? await tokens.findRefreshByHash(tokenHash(token)) : undefined;
      if (refresh) {
        const active =
          refresh.client_id === client.client_id &&
          !refresh.revoked_at &&
          !refresh.used_at &&
          refresh.expires_at > now.toISOString();
        const user = active ? await users.findById(refresh.user_id) : undefined;
        if (!user || !(await users.isActive(user))) return { active: false };
        return {
          active: true,
          token_type: 'refresh_token',
          scope: refresh.scope,
          client_id: refresh.client_id,
          username: user.username,
          sub: user.id,
          exp: Math.floor(new Date(refresh.expires_at).getTime() / 1000),
          iat: Math.floor(new Date(refresh.created_at).getTime() / 1000),
        };
      }
      try {
        const p = await accessTokens.verify(token);
        if (p.clientId !== client.client_id || (await tokens.isAccessRevoked(p))) return { active: false };
        return {
          active: true,
          token_type: 'Bearer',
          scope: p.scope,
          client_id: p.clientId,
          username: p.username,
          sub: p.userId,
          role: p.role,
          jti: p.jti,
          exp: Math.floor(p.expiresAt.getTime() / 1000),
          iat: Math.floor(p.issuedAt.getTime() / 1000),
        };
      } catch (error) {
        if (error instanceof InvalidTokenError) return { active: false };
        throw error;
      }
    },
  };
}
