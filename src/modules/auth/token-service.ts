import { randomBytes } from 'node:crypto';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import { OverloadedError } from '../../ports/limiter.ts';
import type { PasswordHasher } from '../../ports/password-hasher.ts';
import type { AuditLog } from '../audit/index.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { AssertionVerifier } from './client-assertions.ts';
import { authenticateClient } from './client-authentication.ts';
import type { ClientRow, ClientsRepository } from './clients-repository.ts';
import { attemptKey, type LockoutPolicy } from './lockout.ts';
import type { LoginFailuresRepository } from './login-failures-repository.ts';
import { BAD_CREDENTIALS, OAuthError } from './oauth-error.ts';
import { createPasswordCheck } from './password-check.ts';
import { decideScope } from './scopes.ts';
import type { SecondFactors } from './second-factors.ts';
import { tokenHash } from './token-hash.ts';
import { createTokenInspection, type FormParams } from './token-inspection.ts';
import type { TokensRepository } from './tokens-repository.ts';
import type { UserRow, UsersRepository } from './users-repository.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
  /** A second factor's recovery codes, the once it is set up as its owner signs in. */
  recovery_codes?: string[];
}

/** Longer than any username (128) or e-mail address (254) can be. */
const MAX_LOGIN_LENGTH = 320;

/**
 * The OAuth 2.0 grants: password (RFC 6749 §4.3, hardened as RFC 9700 §2.4 asks, for people),
 * client_credentials (§4.4, for machines), refresh_token (§6) with rotation and reuse detection
 * (RFC 9700 §4.14.2), plus revocation and introspection (token-inspection.ts).
 */
export function createTokenService(deps: {
  users: UsersRepository;
  clients: ClientsRepository;
  tokens: TokensRepository;
  loginFailures: LoginFailuresRepository;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  clock: Clock;
  ids: IdGenerator;
  lockout: LockoutPolicy;
  refreshTtlSeconds: number;
  audit: Pick<AuditLog, 'record'>;
  secondFactors: Pick<SecondFactors, 'gate'>;
  /** Verifies machine clients' signed assertions (private_key_jwt). */
  assertions: AssertionVerifier;
}) {
  const { users, clients, tokens, loginFailures, hasher, accessTokens, clock, ids, audit } = deps;
  const checkGuess = createPasswordCheck({ loginFailures, hasher, clock, lockout: deps.lockout });
  /** A sign-in's entry in the audit log: the account it named (none for a login that names none). */
  const signInAudit = (action: string, user: UserRow | undefined, outcome: 'success' | 'failure') =>
    audit.record({
      action,
      outcome,
      actor: user
        ? { type: 'user', id: user.id, name: user.username }
        : { type: 'anonymous', id: null, name: null },
      agencyId: user?.agency_id ?? null,
      ...(user ? { target: { type: 'user', id: user.id } } : {}),
    });

  async function issuePair(
    user: UserRow,
    client: ClientRow,
    scope: string,
    familyId?: string,
  ): Promise<TokenResponse> {
    const refreshable = grants(client).includes('refresh_token');
    const sessionId = refreshable ? (familyId ?? ids.next('rtf')) : null;
    const { token } = await accessTokens.issue({
      userId: user.id,
      username: user.username,
      role: user.role,
      agencyId: user.agency_id,
      clientId: client.client_id,
      scope,
      sessionId,
    });
    const response: TokenResponse = {
      access_token: token,
      token_type: 'Bearer',
      expires_in: accessTokens.ttlSeconds,
      scope,
    };
    if (sessionId) {
      const refresh = `rt_${randomBytes(32).toString('base64url')}`;
      const now = clock.now();
      await tokens.insertRefresh({
        id: ids.next('rtk'),
        family_id: sessionId,
        token_hash: tokenHash(refresh),
        user_id: user.id,
        client_id: client.client_id,
        scope,
        expires_at: new Date(now.getTime() + deps.refreshTtlSeconds * 1000).toISOString(),
        used_at: null,
        revoked_at: null,
        created_at: now.toISOString(),
      });
      response.refresh_token = refresh;
      // A reuse detected while this pair was being made revoked the family before the new token
      // existed: revoke it too, so neither it nor the access token (sid) outlives the revocation.
      if (familyId && (await tokens.isFamilyRevoked(familyId))) {
        await tokens.revokeFamily(familyId, clock.now().toISOString());
        throw new OAuthError('invalid_grant', 'The refresh token was revoked while it was being used');
      }
    }
    return response;
  }

  /**
   * Checks a password with the lockout reserved first (see lockout.ts). Unknown, wrong, locked and
   * disabled all answer alike and cost the same hashing work, so no answer tells whether an account
   * exists. A login no account could have (too long, or holding NUL) is never looked up.
   */
  async function checkPassword(login: string, password: string): Promise<UserRow> {
    const normalized = login.trim().toLowerCase();
    const plausible = normalized.length <= MAX_LOGIN_LENGTH && !normalized.includes('\u0000');
    const user = plausible ? await users.findByLogin(normalized) : undefined;
    let checked: Awaited<ReturnType<typeof checkGuess>>;
    try {
      checked = await checkGuess(attemptKey(user, normalized), user?.password_hash, password);
    } catch (error) {
      if (error instanceof OverloadedError) {
        throw new OAuthError(
          'temporarily_unavailable',
          'Too many sign-ins are being checked; retry shortly',
          {
            headers: { 'retry-after': '1' },
          },
        );
      }
      throw error;
    }
    if (!checked.ok || !user) {
      await signInAudit('sign_in.failed', user, 'failure');
      if (checked.lockedNow && user) await signInAudit('account.locked', user, 'failure');
      throw new OAuthError('invalid_grant', BAD_CREDENTIALS);
    }
    if (!(await users.isActive(user))) {
      await signInAudit('sign_in.failed', user, 'failure');
      throw new OAuthError('invalid_grant', BAD_CREDENTIALS);
    }
    return user;
  }

  /**
   * The password grant. At /connect/token an account with a second factor (or whose role needs one) is
   * refused: it signs in on the website, and programs acting for it use a machine client. The website
   * (`website` given) asks for the second factor's code, or has one set up (second-factors.ts).
   */
  async function passwordGrant(
    client: ClientRow,
    params: FormParams,
    website?: { code: string | undefined },
  ): Promise<TokenResponse> {
    const { username, password } = params;
    if (!username) throw new OAuthError('invalid_request', 'username is required');
    if (password === undefined || password === '')
      throw new OAuthError('invalid_request', 'password is required');
    const user = await checkPassword(username, password);
    const scope = decideScope(user.role, params.scope);
    if (!scope.ok) throw new OAuthError('invalid_scope', scope.reason);
    const recoveryCodes = await deps.secondFactors.gate(user, website);
    await signInAudit('sign_in.succeeded', user, 'success');
    const pair = await issuePair(user, client, scope.scope);
    return recoveryCodes ? { ...pair, recovery_codes: recoveryCodes } : pair;
  }

  async function refreshGrant(client: ClientRow, params: FormParams): Promise<TokenResponse> {
    if (!params.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
    const now = clock.now();
    const row = await tokens.findRefreshByHash(tokenHash(params.refresh_token));
    const invalid = new OAuthError('invalid_grant', 'The refresh token is invalid, expired or revoked');
    if (!row || row.client_id !== client.client_id) throw invalid;
    if (row.revoked_at || row.expires_at <= now.toISOString()) throw invalid;
    if (row.used_at || !(await tokens.markRefreshUsed(row.id, now.toISOString()))) {
      await tokens.revokeFamily(row.family_id, now.toISOString());
      throw new OAuthError(
        'invalid_grant',
        'The refresh token was already used; its whole family is now revoked',
      );
    }
    const user = await users.findById(row.user_id);
    if (!user || !(await users.isActive(user))) throw invalid;
    const scope = decideScope(user.role, params.scope, row.scope);
    if (!scope.ok) throw new OAuthError('invalid_scope', scope.reason);
    return issuePair(user, client, scope.scope, row.family_id);
  }

  /**
   * RFC 6749 §4.4: a confidential client's own access token, acting as its account (an agency's agent or
   * an operator's admin) within the scopes given to it; no refresh token (§4.4.3): it asks again.
   */
  async function clientCredentialsGrant(client: ClientRow, params: FormParams): Promise<TokenResponse> {
    // A machine client: an account of its own, and a secret or keys (a public client has neither).
    const confidential = client.secret_hash !== null || client.jwks !== null || client.jwks_uri !== null;
    if (!confidential || client.service_user_id === null)
      throw new OAuthError(
        'unauthorized_client',
        'Only a machine client may use the client_credentials grant',
      );
    const account = await users.findById(client.service_user_id);
    if (!account || !(await users.isActive(account)))
      throw new OAuthError('invalid_client', 'Client authentication failed');
    const scope = decideScope(account.role, params.scope, client.scopes ?? undefined);
    if (!scope.ok) throw new OAuthError('invalid_scope', scope.reason);
    return issuePair(account, client, scope.scope);
  }

  const GRANTS: Record<string, (client: ClientRow, params: FormParams) => Promise<TokenResponse>> = {
    password: (client, params) => passwordGrant(client, params),
    refresh_token: refreshGrant,
    client_credentials: clientCredentialsGrant,
  };

  return {
    async token(params: FormParams, authorization: string | undefined): Promise<TokenResponse> {
      const grantType = params.grant_type;
      if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
      const client = await authenticateClient(clients, params, authorization, clock.now(), deps.assertions);
      const grant = Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType] : undefined;
      if (!grant) throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported`);
      if (!grants(client).includes(grantType)) {
        throw new OAuthError('unauthorized_client', `This client may not use the ${grantType} grant`);
      }
      return grant(client, params);
    },

    /** The website's sign-in: the password grant of its client, with the second factor's code. */
    async website(params: FormParams, code: string | undefined): Promise<TokenResponse> {
      const client = await authenticateClient(clients, params, undefined, clock.now());
      if (!grants(client).includes('password'))
        throw new OAuthError('unauthorized_client', 'This client may not use the password grant');
      return passwordGrant(client, params, { code });
    },

    ...createTokenInspection({ users, clients, tokens, accessTokens, clock, assertions: deps.assertions }),
  };
}

function grants(client: ClientRow): string[] {
  return client.grant_types.split(' ');
}

export type TokenService = ReturnType<typeof createTokenService>;
