import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { decodeKeyset, encodeKeyset } from '../../http/keyset.ts';
import { errorResponses } from '../../http/schemas.ts';
import { principalOf } from '../auth/index.ts';
import { CreateTravellerSchema, UpdateTravellerSchema } from './travellers.schemas.ts';
import type { Travellers } from './travellers.ts';

const tags = ['travellers'];
const security = [{ oauth2: ['book'] }];
const problems = errorResponses('UNAUTHENTICATED', 'INVALID_TOKEN', 'INSUFFICIENT_SCOPE', 'NOT_FOUND');
const one = { 200: Type.Ref('Traveller'), ...problems };
const Id = Type.String({ minLength: 1, maxLength: 64 });

/** Traveller profiles: made, listed, read, changed and deleted by those who book for them. */
export function travellersRoutes(
  app: App,
  deps: { travellers: Travellers; guard: onRequestAsyncHookHandler },
) {
  const { travellers } = deps;
  app.post(
    '/create_traveller',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'create_traveller',
        tags,
        summary: 'Save a traveller’s profile',
        description:
          'Names, birth date, passports and identity cards, loyalty accounts, meal and seat preference, contact: ' +
          'what a booking asks of a passenger, kept to fill it in next time. A customer’s profiles are its own; ' +
          'an agent’s are its agency’s, shared by its people. Birth date and documents are sealed at rest.',
        security,
        body: CreateTravellerSchema,
        response: { 201: Type.Ref('Traveller'), ...problems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await travellers.create(principalOf(request), request.body)),
  );

  app.get(
    '/travellers',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_travellers',
        tags,
        summary: 'List traveller profiles',
        description:
          'By family name, `limit` at a time (`next_cursor` for more); `q` finds a name containing it.',
        security,
        querystring: Type.Object(
          {
            q: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
            cursor: Type.Optional(Type.String({ maxLength: 400 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Array(Type.Ref('Traveller')),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errorResponses('UNAUTHENTICATED', 'INVALID_TOKEN', 'INSUFFICIENT_SCOPE', 'INVALID_CURSOR'),
        },
      },
    },
    async (request) => {
      const { q, limit = 50, cursor } = request.query;
      const filter = { q: q ?? null };
      const page = await travellers.list(principalOf(request), q, decodeKeyset(cursor, filter), limit);
      const last = page.profiles.at(-1);
      return {
        data: page.profiles,
        next_cursor:
          page.more && last ? encodeKeyset({ value: last.family_name, id: last.id }, filter) : null,
      };
    },
  );

  app.get(
    '/traveller',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_traveller',
        tags,
        summary: 'Get a traveller profile',
        description: 'With its documents in full, to fill in a booking.',
        security,
        querystring: Type.Object({ id: Id }, { additionalProperties: false }),
        response: one,
      },
    },
    async (request) => travellers.get(principalOf(request), request.query.id),
  );

  app.post(
    '/update_traveller',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'update_traveller',
        tags,
        summary: 'Change a traveller profile',
        description:
          'Each field given replaces the one held (`null` clears it; `documents` and `loyalty_accounts` are ' +
          'replaced whole). With `expected_version`, a profile changed since it was read is 412 PRECONDITION_FAILED.',
        security,
        body: UpdateTravellerSchema,
        response: { ...one, ...errorResponses('PRECONDITION_FAILED') },
      },
    },
    async (request) => {
      const { id, expected_version, ...changes } = request.body;
      return travellers.update(principalOf(request), id, changes, expected_version);
    },
  );

  app.post(
    '/delete_traveller',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'delete_traveller',
        tags,
        summary: 'Delete a traveller profile',
        description: 'Bookings made with it keep their passengers.',
        security,
        body: Type.Object({ id: Id }, { additionalProperties: false }),
        response: { 200: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }), ...problems },
      },
    },
    async (request) => travellers.remove(principalOf(request), request.body.id),
  );
}
