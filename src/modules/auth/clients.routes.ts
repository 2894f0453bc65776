import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { ADMIN_PROBLEMS, MANAGE_SECURITY } from './admin-operations.ts';
import { reachOf } from './agency-reach.ts';
import { principalOf } from './bearer-guard.ts';
import { MAX_GRACE_SECONDS, type MachineClients } from './machine-clients.ts';
import { SCOPES } from './scopes.ts';

const tags = ['accounts'];
const Scopes = Type.Array(Type.Union(SCOPES.map((s) => Type.Literal(s))), {
  uniqueItems: true,
  maxItems: SCOPES.length,
  description: 'What its tokens may carry, within its role’s; left out: all its role allows',
});
const ClientId = Type.String({ minLength: 1, maxLength: 64, examples: ['cli_5q3k0d1x8m2n4p6r7s9t0v1w'] });

export const MachineClientSchema = Type.Object(
  {
    client_id: Type.String(),
    name: Type.String(),
    role: Type.String({ description: '`agent` for an agency’s client, `admin` for the operator’s' }),
    agency_id: Type.Union([Type.String(), Type.Null()]),
    scopes: Type.Array(Type.String(), { description: 'Empty: all its role allows' }),
    grant_types: Type.Array(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    previous_secret_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Until when the secret before the last rotation still works',
    }),
    revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    token_endpoint_auth_method: Type.Union(
      [Type.Literal('client_secret_basic'), Type.Literal('private_key_jwt')],
      {
        description: 'A secret (Basic or in the form), or a JWT signed with one of its keys (RFC 7523)',
      },
    ),
    jwks_uri: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'MachineClient' },
);

/** A client's public keys for `private_key_jwt`: a JWK Set, or the https URL of one. */
const Keys = {
  jwks: Type.Optional(
    Type.Object(
      {
        keys: Type.Array(
          Type.Object(
            { kty: Type.String({ minLength: 1, maxLength: 8 }) },
            { additionalProperties: Type.Unknown() },
          ),
          { minItems: 1, maxItems: 10 },
        ),
      },
      { additionalProperties: false, description: 'Its public keys (RFC 7517): no secret is made' },
    ),
  ),
  jwks_uri: Type.Optional(
    Type.String({
      format: 'uri',
      pattern: '^https://',
      maxLength: 2000,
      description: 'Where its public keys are (https), fetched and cached: no secret is made',
    }),
  ),
};

const WithSecret = Type.Intersect([
  Type.Ref('MachineClient'),
  Type.Object({
    client_secret: Type.Union([Type.String(), Type.Null()], {
      description: 'Shown this once; only its hash is kept. Null for a client with keys',
    }),
  }),
]);

const problems = ADMIN_PROBLEMS;

/**
 * Machine clients for the API: made, listed, changed, their secrets rotated, revoked — by admins, and by
 * agency admins for their agency.
 */
export function clientsRoutes(app: App, deps: { clients: MachineClients; guard: onRequestAsyncHookHandler }) {
  const security = MANAGE_SECURITY;
  app.post(
    '/create_client',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'create_client',
        tags,
        summary: 'Create a machine client (admin, agency admin)',
        description:
          'A confidential client for a back office or integration: it gets tokens with ' +
          '`grant_type=client_credentials` (secret by HTTP Basic or `client_secret` in the form) and acts as an ' +
          'account of its own — an agent of `agency_id`, or an admin when an admin gives none. An agency admin’s ' +
          'client is always an agent of its agency. The secret is in this answer only. With `jwks` or `jwks_uri` ' +
          'the client has no secret: it authenticates with a JWT signed by one of its keys (RFC 7523 ' +
          '`private_key_jwt`: `client_assertion_type` jwt-bearer, `iss` and `sub` its client_id, `aud` the token ' +
          'endpoint, `exp` within an hour, a `jti` used once).',
        security,
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 200, examples: ['Back office sync'] }),
            agency_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            scopes: Type.Optional(Scopes),
            ...Keys,
          },
          { additionalProperties: false },
        ),
        response: { 201: WithSecret, ...problems },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return deps.clients.create(request.body, reachOf(principalOf(request)));
    },
  );

  app.get(
    '/clients',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_clients',
        tags,
        summary: 'List machine clients (admin, agency admin)',
        description:
          'Every machine client, oldest first, revoked ones too; `agency_id` narrows to one agency’s. An agency ' +
          'admin sees its agency’s.',
        security,
        querystring: Type.Object({ agency_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
        response: { 200: Type.Object({ data: Type.Array(Type.Ref('MachineClient')) }), ...problems },
      },
    },
    async (request) => ({
      data: await deps.clients.list(request.query.agency_id, reachOf(principalOf(request))),
    }),
  );

  app.post(
    '/update_client',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'update_client',
        tags,
        summary: 'Rename a machine client, change its scopes or its keys (admin, agency admin)',
        description:
          'Tokens issued before keep their scopes until they expire. A client with keys gets new ones with ' +
          '`jwks` or `jwks_uri` (a client with a secret cannot switch: 409).',
        security,
        body: Type.Object(
          {
            client_id: ClientId,
            name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
            scopes: Type.Optional(Scopes),
            ...Keys,
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref('MachineClient'), ...errorResponses('CONFLICT'), ...problems },
      },
    },
    async (request) => {
      const { client_id, ...changes } = request.body;
      return deps.clients.update(client_id, changes, reachOf(principalOf(request)));
    },
  );

  app.post(
    '/rotate_client_secret',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'rotate_client_secret',
        tags,
        summary: 'Give a machine client a new secret (admin, agency admin)',
        description:
          'The new secret is in this answer only. The old one goes on working for `grace_seconds` (a day unless ' +
          'given; 0 ends it now), so the client’s deployments can change over without a gap.',
        security,
        body: Type.Object(
          {
            client_id: ClientId,
            grace_seconds: Type.Optional(
              Type.Integer({ minimum: 0, maximum: MAX_GRACE_SECONDS, default: 86_400 }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: WithSecret, ...errorResponses('CONFLICT'), ...problems },
      },
    },
    async (request) =>
      deps.clients.rotateSecret(
        request.body.client_id,
        request.body.grace_seconds ?? 86_400,
        reachOf(principalOf(request)),
      ),
  );

  app.post(
    '/revoke_client',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'revoke_client',
        tags,
        summary: 'Revoke a machine client (admin, agency admin)',
        description:
          'It can no longer get tokens, and every token it holds is refused from now on. What it booked stays.',
        security,
        body: Type.Object({ client_id: ClientId }, { additionalProperties: false }),
        response: { 200: Type.Ref('MachineClient'), ...problems },
      },
    },
    async (request) => deps.clients.revoke(request.body.client_id, reachOf(principalOf(request))),
  );
}
