import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { Role } from './scopes.ts';
import { SIGNING_ALG, type SigningKeys } from './signing-keys.ts';

/** What a verified access token says about its caller. */
export interface Principal {
  userId: string;
  username: string;
  role: Role;
  agencyId: string | null;
  clientId: string;
  scope: string;
  /** The sign-in (refresh token family) the token was issued for; revoking it ends the token. */
  sessionId: string | null;
  jti: string;
  expiresAt: Date;
  issuedAt: Date;
}

export class InvalidTokenError extends Error {}

/** RFC 9068 JWT access tokens: `typ: at+jwt`, signed with the shared ES256 key. */
export function createAccessTokens(deps: {
  keys: SigningKeys;
  clock: Clock;
  ids: IdGenerator;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}) {
  const { keys, clock, ids, issuer, audience, ttlSeconds } = deps;
  // Tokens already verified, until they expire: a repeat caller skips the ES256 check. Bounded;
  // the oldest entry goes first. Revocation is checked by the caller on every request regardless.
  const verified = new Map<string, Principal>();
  const CACHE_LIMIT = 10_000;

  async function verifyUncached(token: string): Promise<Principal> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(
        token,
        async (header) => {
          const key = await keys.publicKeyFor(header.kid);
          if (!key) throw new InvalidTokenError('the token was signed by an unknown key');
          return key;
        },
        { issuer, audience, algorithms: [SIGNING_ALG], typ: 'at+jwt', currentDate: clock.now() },
      ));
    } catch (error) {
      throw new InvalidTokenError(describe(error));
    }
    const claims = payload as JWTPayload & Record<string, unknown>;
    if (
      typeof claims.sub !== 'string' ||
      typeof claims.jti !== 'string' ||
      typeof claims.scope !== 'string'
    ) {
      throw new InvalidTokenError('the token lacks required claims');
    }
    return {
      userId: claims.sub,
      username: String(claims.username ?? ''),
      role: claims.role as Role,
      agencyId: typeof claims.agency_id === 'string' ? claims.agency_id : null,
      sessionId: typeof claims.sid === 'string' ? claims.sid : null,
      clientId: String(claims.client_id ?? ''),
      scope: claims.scope,
      jti: claims.jti,
      issuedAt: new Date((claims.iat ?? 0) * 1000),
      expiresAt: new Date((claims.exp ?? 0) * 1000),
    };
  }

  return {
    ttlSeconds,
    async issue(
      subject: Omit<Principal, 'jti' | 'expiresAt' | 'issuedAt'>,
    ): Promise<{ token: string; principal: Principal }> {
      const { kid, privateKey } = keys.current();
      const issuedAt = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
      const expiresAt = new Date(issuedAt.getTime() + ttlSeconds * 1000);
      const jti = ids.next('at');
      const token = await new SignJWT({
        client_id: subject.clientId,
        scope: subject.scope,
        role: subject.role,
        username: subject.username,
        ...(subject.agencyId ? { agency_id: subject.agencyId } : {}),
        ...(subject.sessionId ? { sid: subject.sessionId } : {}),
      })
        .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'at+jwt' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(subject.userId)
        .setJti(jti)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(privateKey);
      return { token, principal: { ...subject, jti, issuedAt, expiresAt } };
    },

    /** Verifies signature, algorithm, type, issuer, audience and expiry; throws InvalidTokenError. */
    async verify(token: string): Promise<Principal> {
      const cached = verified.get(token);
      if (cached) {
        if (cached.expiresAt.getTime() > clock.now().getTime()) {
          return cached;
        }
        verified.delete(token);
      }
      const principal = await verifyUncached(token);
      if (verified.size >= CACHE_LIMIT) verified.delete(verified.keys().next().value!);
      verified.set(token, principal);
      return principal;
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof InvalidTokenError) return error.message;
  if (error instanceof joseErrors.JWTExpired) return 'the token has expired';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'the token signature is not valid';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'the token algorithm is not accepted';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `the token ${error.claim} claim is not valid`;
  return 'the token is malformed';
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
