import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import swagger from '@fastify/swagger';
import type { App } from './app-instance.ts';
import { rolesAdmitted } from './route-roles.ts';
import { CURRENT_API_VERSION } from './versioning.ts';

/** What each scope allows; a role caps the scopes its tokens may carry (docs/api.md, "Roles"). */
const OAUTH_SCOPES = {
  read: 'Search and read bookings',
  book: 'Book, change and cancel',
  manage: 'Its agency’s accounts, machine clients, details and audit log (agency admins)',
  admin: 'Accounts, schedules, fares, hotels and allotments (admin accounts only)',
};

type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown> };

/** A schema with an `$id` (one also added with `app.addSchema`) is documented as a reference to it. */
function asReference(schema: unknown): unknown {
  const id = (schema as { $id?: unknown } | undefined)?.$id;
  return typeof id === 'string' ? { $ref: id } : schema;
}

/**
 * Routes validate against their TypeBox schemas inline (so the type provider types the request), and
 * the document names those that carry an `$id`, so generated clients get named types.
 */
function namedAsReferences<S extends object>(schema: S): S {
  const route = schema as RouteSchema;
  const out: RouteSchema = { ...route };
  if (route.body !== undefined) out.body = asReference(route.body);
  if (route.response)
    out.response = Object.fromEntries(Object.entries(route.response).map(([k, v]) => [k, asReference(v)]));
  return out as S;
}

/**
 * OpenAPI 3.1 generated from the route schemas; served at /openapi.json. `webhooks` documents what
 * Itinera sends to subscribed endpoints (OpenAPI 3.1's own section for calls the API makes).
 */
export async function registerOpenApi(
  app: App,
  publicUrl: string,
  webhooks: Record<string, object> = {},
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // The section is built from the event catalogue; its shape is OpenAPI's PathItem.
      webhooks: webhooks as Record<string, never>,
      openapi: '3.1.0',
      info: {
        title: 'Itinera API',
        version: CURRENT_API_VERSION,
        description:
          'Flights and hotels booking API. Get a token at POST /connect/token, then send ' +
          '`Authorization: Bearer <token>`. Errors are RFC 9457 problem details with a stable `code`. ' +
          'Choose an API version with the `Itinera-Version` header.',
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: publicUrl }],
      security: [{ oauth2: [] }],
      tags: [
        { name: 'auth', description: 'OAuth 2.0 tokens' },
        { name: 'accounts', description: 'User accounts' },
        { name: 'catalogue', description: 'Reference data: countries, cities, airports, airlines, places' },
        { name: 'flights', description: 'Flight search' },
        { name: 'flight bookings', description: 'The flight booking lifecycle' },
        { name: 'flight operations', description: 'Schedules, fares and flight cancellations (admin)' },
        { name: 'hotels', description: 'Hotel search and content' },
        {
          name: 'hotel bookings',
          description: 'Rate check, booking, modification and search of hotel stays',
        },
        { name: 'hotel operations', description: 'Hotels, rates and allotments (admin)' },
        {
          name: 'channel managers',
          description: 'OpenTravel notifications from hotel groups’ channel managers, and their connections',
        },
        { name: 'bookings', description: 'Reading and cancelling any booking, flight or hotel' },
        { name: 'travellers', description: 'Traveller profiles, to fill in bookings' },
        { name: 'events', description: 'The event log: every change of a booking or of the inventory' },
        { name: 'webhooks', description: 'Signed deliveries of events to your endpoints' },
        { name: 'system', description: 'Health' },
      ],
      components: {
        securitySchemes: {
          oauth2: {
            type: 'oauth2',
            description:
              'OAuth 2.0 (RFC 6749) with the password grant and single-use refresh tokens; send the access ' +
              'token as `Authorization: Bearer <token>` (RFC 6750). It is a JWT signed with the keys of ' +
              '/.well-known/jwks.json.',
            flows: {
              password: {
                tokenUrl: `${publicUrl}/connect/token`,
                refreshUrl: `${publicUrl}/connect/token`,
                scopes: OAUTH_SCOPES,
              },
              clientCredentials: { tokenUrl: `${publicUrl}/connect/token`, scopes: OAUTH_SCOPES },
            },
          },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description: 'Confidential OAuth clients: client_id and client_secret',
          },
          channelBasic: {
            type: 'http',
            scheme: 'basic',
            description:
              'Channel managers: a channel connection’s id and secret (POST /create_channel_connection)',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const roles = rolesAdmitted(route.onRequest);
      const named = namedAsReferences(schema);
      return { schema: roles ? { ...named, 'x-itinera-roles': roles } : named, url };
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
  let document: ReturnType<typeof encodedOnce> | undefined;
  app.get('/openapi.json', { schema: { hide: true } }, async (request, reply) => {
    document ??= encodedOnce(JSON.stringify(app.swagger()));
    reply
      .header('cache-control', 'public, max-age=300')
      .header('etag', document.etag)
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    if (encoding === 'br' || encoding === 'gzip') {
      reply.header('content-encoding', encoding);
      return reply.send(document[encoding]);
    }
    return reply.send(document.identity);
  });
}

/**
 * The document does not change while the process runs: it is serialized and compressed once, so the
 * answer costs what sending its bytes costs (about a tenth of them, compressed).
 */
function encodedOnce(json: string) {
  const identity = Buffer.from(json);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity),
  };
}
