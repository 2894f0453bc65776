import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeJwt } from 'jose';
import { type AssertionVerifier, JWT_BEARER } from './client-assertions.ts';
import type { ClientRow, ClientsRepository } from './clients-repository.ts';
import { OAuthError } from './oauth-error.ts';

export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashClientSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'The Basic credentials are malformed');
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' ')),
    };
  } catch {
    throw new OAuthError('invalid_client', 'The Basic credentials are malformed');
  }
}

/**
 * RFC 6749 §2.3: a confidential client authenticates with HTTP Basic or `client_secret` in the
 * form (not both), or with a signed JWT (RFC 7523, `client_assertion`) when it registered keys; a public
 * client names itself with `client_id`. Failure is 401 invalid_client.
 */
export async function authenticateClient(
  clients: ClientsRepository,
  params: Readonly<Record<string, string>>,
  authorization: string | undefined,
  now: Date = new Date(),
  assertions?: AssertionVerifier,
): Promise<ClientRow> {
  if (params.client_assertion !== undefined || params.client_assertion_type !== undefined)
    return byAssertion(clients, params, authorization, now, assertions);
  const basic = parseBasic(authorization);
  if (basic && params.client_secret !== undefined) {
    throw new OAuthError(
      'invalid_request',
      'Use one client authentication method, not both Basic and client_secret',
    );
  }
  if (basic && params.client_id !== undefined && params.client_id !== basic.id) {
    throw new OAuthError('invalid_request', 'client_id differs from the client in the Authorization header');
  }
  const clientId = basic?.id ?? params.client_id;
  if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
  const secret = basic?.secret ?? params.client_secret;
  const client = await clients.findById(clientId);
  if (!client || client.revoked_at !== null)
    throw new OAuthError('invalid_client', 'Client authentication failed');
  // A client with keys proves itself with a signed assertion, never by naming itself.
  if (client.jwks !== null || client.jwks_uri !== null)
    throw new OAuthError(
      'invalid_client',
      'Client authentication failed: this client signs a client_assertion',
    );
  if (client.secret_hash === null) {
    if (secret) throw new OAuthError('invalid_client', 'Client authentication failed');
    return client;
  }
  // A rotated secret is honoured until its grace ends, so a deployment can switch without downtime.
  const previous =
    client.previous_secret_hash !== null &&
    client.previous_secret_expires_at !== null &&
    client.previous_secret_expires_at > now.toISOString()
      ? client.previous_secret_hash
      : null;
  if (
    !secret ||
    !(secretMatches(secret, client.secret_hash) || (previous !== null && secretMatches(secret, previous)))
  ) {
    throw new OAuthError('invalid_client', 'Client authentication failed');
  }
  return client;
}

/** RFC 7523 §2.2: `client_assertion_type` jwt-bearer and a `client_assertion` its `iss` names the client by. */
async function byAssertion(
  clients: ClientsRepository,
  params: Readonly<Record<string, string>>,
  authorization: string | undefined,
  now: Date,
  assertions: AssertionVerifier | undefined,
): Promise<ClientRow> {
  if (authorization || params.client_secret !== undefined)
    throw new OAuthError('invalid_request', 'Use one client authentication method, not several');
  if (params.client_assertion_type !== JWT_BEARER)
    throw new OAuthError('invalid_request', `client_assertion_type must be ${JWT_BEARER}`);
  const assertion = params.client_assertion;
  if (!assertion) throw new OAuthError('invalid_request', 'client_assertion is required');
  let issuer: unknown;
  try {
    issuer = decodeJwt(assertion).iss;
  } catch {
    throw new OAuthError('invalid_client', 'Client authentication failed: the assertion is not a JWT');
  }
  if (typeof issuer !== 'string' || (params.client_id !== undefined && params.client_id !== issuer))
    throw new OAuthError('invalid_client', 'Client authentication failed: iss must be the client_id');
  const client = await clients.findById(issuer);
  if (
    !client ||
    client.revoked_at !== null ||
    (client.jwks === null && client.jwks_uri === null) ||
    !assertions
  )
    throw new OAuthError('invalid_client', 'Client authentication failed');
  return assertions.verify(client, assertion, now);
}
