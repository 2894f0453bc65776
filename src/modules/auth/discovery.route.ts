import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { ASSERTION_ALGORITHMS } from './client-assertions.ts';
import { SCOPES } from './scopes.ts';
import type { SigningKeys } from './signing-keys.ts';

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'];

/** RFC 8414 metadata, served at both well-known names so OAuth and OpenID client libraries find it. */
export function discoveryDocument(issuer: string) {
  return {
    issuer,
    token_endpoint: `${issuer}/connect/token`,
    revocation_endpoint: `${issuer}/connect/revoke`,
    introspection_endpoint: `${issuer}/connect/introspect`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    grant_types_supported: ['password', 'refresh_token', 'client_credentials'],
    response_types_supported: [],
    scopes_supported: [...SCOPES],
    token_endpoint_auth_methods_supported: AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: AUTH_METHODS,
    introspection_endpoint_auth_methods_supported: AUTH_METHODS,
    token_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGORITHMS,
    revocation_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGORITHMS,
    introspection_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGORITHMS,
    service_documentation: `${issuer}/docs`,
  };
}

const DiscoverySchema = Type.Object(
  { issuer: Type.String(), token_endpoint: Type.String(), jwks_uri: Type.String() },
  { additionalProperties: true, description: 'RFC 8414 authorization server metadata' },
);

const JwksSchema = Type.Object(
  {
    keys: Type.Array(Type.Object({ kid: Type.String(), kty: Type.String() }, { additionalProperties: true })),
  },
  { description: 'RFC 7517 JSON Web Key Set: the public keys that verify access tokens' },
);

export function discoveryRoutes(app: App, deps: { issuer: string; keys: SigningKeys }) {
  const document = discoveryDocument(deps.issuer);
  for (const [url, operationId] of [
    ['/.well-known/openid-configuration', 'get_openid_configuration'],
    ['/.well-known/oauth-authorization-server', 'get_oauth_metadata'],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          operationId,
          tags: ['auth'],
          summary: 'Authorization server metadata',
          description: 'Endpoints, grants and signing algorithms, for OAuth client libraries.',
          security: [],
          response: { 200: DiscoverySchema, ...errorResponses() },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return document;
      },
    );
  }
  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        operationId: 'get_jwks',
        tags: ['auth'],
        summary: 'Public signing keys',
        description: 'Verify access tokens offline with these keys (ES256, `kid` in the token header).',
        security: [],
        response: { 200: JwksSchema, ...errorResponses() },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return deps.keys.jwks();
    },
  );
}
