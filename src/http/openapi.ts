import swagger from '@fastify/swagger';
import type { App } from './app-instance.ts';
import { CURRENT_API_VERSION } from './versioning.ts';

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

/** OpenAPI 3.1 generated from the route schemas; served at /openapi.json. */
export async function registerOpenApi(app: App, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
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
      security: [{ bearerAuth: [] }],
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
        { name: 'bookings', description: 'Reading and cancelling any booking, flight or hotel' },
        { name: 'system', description: 'Health' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access token from /connect/token',
          },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description: 'Confidential OAuth clients: client_id and client_secret',
          },
        },
      },
    },
    transform: ({ schema, url }) => ({ schema: namedAsReferences(schema), url }),
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
