import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import type { Database } from '../../db/tables.ts';
import { getPublic, publicUrlProblem } from '../../ports/public-urls.ts';
import type { ClientRow } from './clients-repository.ts';
import { OAuthError } from './oauth-error.ts';

/** A key set larger than this is not read (a few keys take a few kilobytes). */
const MAX_KEY_SET_BYTES = 65_536;

/** A client's key set that cannot be had: where it may not be fetched from, or not answering. */
class KeySetUnreachable extends Error {}

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** What a client may sign its assertions with: RSA, RSA-PSS, ECDSA and EdDSA, never HMAC or none. */
export const ASSERTION_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'EdDSA',
];
/** The longest an assertion may live: a short-lived proof, not a credential. */
const MAX_LIFETIME_SECONDS = 3600;

const refused = (why: string) => new OAuthError('invalid_client', `Client authentication failed: ${why}`);

/**
 * RFC 7523 §2.2 and §3 client authentication (`private_key_jwt`, OpenID Connect Core §9): a JWT the
 * client signed with a key of its JWK Set (kept inline, or fetched from its `jwks_uri` and cached),
 * issued by and about the client, for this token endpoint, short-lived, and used once (its `jti` kept
 * until it expires).
 */
export function createAssertionVerifier(deps: {
  db: Kysely<Database>;
  /** The audiences an assertion may name: the token endpoint's URL, or the issuer. */
  audiences: readonly string[];
  /** Key sets fetched from loopback and private addresses too (local development, tests). */
  allowPrivateNetworks: boolean;
}) {
  /**
   * Fetches a key set only from where a client's key set may be: the URL is checked again at each fetch,
   * and the address when the connection is made, so a name that has come to resolve to a private address
   * since the client was saved is refused.
   */
  const checkedFetch = async (url: string, options: RequestInit) => {
    const problem = await publicUrlProblem(url, deps.allowPrivateNetworks);
    if (problem) throw new KeySetUnreachable(`its key set URL ${problem}`);
    try {
      return await getPublic(url, {
        allowPrivateNetworks: deps.allowPrivateNetworks,
        signal: options.signal,
        maxBytes: MAX_KEY_SET_BYTES,
      });
    } catch (error) {
      throw new KeySetUnreachable(`its key set could not be fetched (${(error as Error).message})`);
    }
  };
  const remote = new Map<string, JWTVerifyGetKey>();
  const keysOf = (client: ClientRow): JWTVerifyGetKey => {
    if (client.jwks) return createLocalJWKSet(JSON.parse(client.jwks) as JSONWebKeySet);
    const uri = client.jwks_uri!;
    let keys = remote.get(uri);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(uri), {
        timeoutDuration: 5000,
        cooldownDuration: 30_000,
        [customFetch]: checkedFetch,
      });
      remote.set(uri, keys);
    }
    return keys;
  };

  return {
    /** The client, if the assertion proves it is; invalid_client otherwise. */
    async verify(client: ClientRow, assertion: string, now: Date): Promise<ClientRow> {
      let payload: { jti?: unknown; exp?: unknown; iat?: unknown };
      try {
        ({ payload } = await jwtVerify(assertion, keysOf(client), {
          issuer: client.client_id,
          subject: client.client_id,
          audience: [...deps.audiences],
          algorithms: ASSERTION_ALGORITHMS,
          currentDate: now,
          requiredClaims: ['exp', 'jti'],
          clockTolerance: 30,
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof KeySetUnreachable)
          throw refused(error.message);
        throw error;
      }
      const { jti, exp } = payload;
      if (typeof jti !== 'string' || jti.length === 0 || jti.length > 200) throw refused('jti is missing');
      if (typeof exp !== 'number' || exp - now.getTime() / 1000 > MAX_LIFETIME_SECONDS)
        throw refused(`the assertion may live ${MAX_LIFETIME_SECONDS} seconds at most`);
      try {
        await deps.db
          .insertInto('client_assertions')
          .values({ client_id: client.client_id, jti, expires_at: new Date(exp * 1000).toISOString() })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('this assertion was used already');
        throw error;
      }
      return client;
    },

    /** Forgets the `jti`s of assertions that have expired (they could not be replayed anyway). */
    async purge(now: Date): Promise<void> {
      await deps.db.deleteFrom('client_assertions').where('expires_at', '<', now.toISOString()).execute();
    },
  };
}

export type AssertionVerifier = ReturnType<typeof createAssertionVerifier>;
