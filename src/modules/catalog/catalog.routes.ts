import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { displayLanguage } from '../../http/accept-language.ts';
import type { App } from '../../http/app-instance.ts';
import type { Page } from '../../http/cursor.ts';
import { errorResponses, PageQuerySchema, pageOf } from '../../http/schemas.ts';
import { AirlineSchema, AirportSchema, CitySchema, CountrySchema, PlaceSchema } from './catalog.schemas.ts';
import type { CatalogueService, ListQuery } from './catalogue-service.ts';

type Guard = onRequestAsyncHookHandler;
type Query = ListQuery & Record<string, unknown>;

interface Resource {
  path: string;
  noun: string;
  plural: string;
  schemaId: string;
  key: string;
  keyDescription: string;
  extraQuery: Record<string, TSchema>;
  list: (query: Query) => Page<unknown>;
  get: (key: string, language: string) => unknown;
  example: string;
}

const SECURITY = [{ oauth2: ['read'] }];
const Text = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'Text to find in names or codes; case and accents ignored',
  }),
);
const Country = Type.Optional(
  Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 country code' }),
);

function resources(catalogue: CatalogueService): Resource[] {
  return [
    {
      path: 'countries',
      noun: 'country',
      plural: 'countries',
      schemaId: 'Country',
      key: 'code',
      keyDescription: 'ISO 3166-1 alpha-2 code',
      extraQuery: {},
      example: 'GB',
      list: (q) => catalogue.listCountries(q),
      get: (k, language) => catalogue.getCountry(k, language),
    },
    {
      path: 'cities',
      noun: 'city',
      plural: 'cities',
      schemaId: 'City',
      key: 'city_id',
      keyDescription: 'City id',
      extraQuery: {},
      example: 'cty_2643743',
      list: (q) => catalogue.listCities(q),
      get: (k, language) => catalogue.getCity(k, language),
    },
    {
      path: 'airports',
      noun: 'airport',
      plural: 'airports',
      schemaId: 'Airport',
      key: 'code',
      keyDescription: 'IATA or ICAO code',
      example: 'LHR',
      extraQuery: {
        scheduled: Type.Optional(Type.Boolean({ description: 'Only airports with scheduled service' })),
      },
      list: (q) => catalogue.listAirports({ ...q, scheduledOnly: q.scheduled as boolean | undefined }),
      get: (k, language) => catalogue.getAirport(k, language),
    },
    {
      path: 'airlines',
      noun: 'airline',
      plural: 'airlines',
      schemaId: 'Airline',
      key: 'code',
      keyDescription: 'IATA (2) or ICAO (3) designator',
      example: 'BA',
      extraQuery: {
        active: Type.Optional(
          Type.Boolean({ description: 'Only active (true) or defunct (false) airlines' }),
        ),
      },
      list: (q) => catalogue.listAirlines({ ...q, active: q.active as boolean | undefined }),
      get: (k) => catalogue.getAirline(k),
    },
  ];
}

const LANGUAGE_HEADERS = {
  'content-language': Type.String({ description: 'The language names are given in' }),
  vary: Type.String({ description: 'Accept-Language: the names depend on it' }),
};

/**
 * `GET /b2c/{countries,cities,airports,airlines}` lists and look-ups, and `/b2c/places` autocomplete;
 * names in the client's `Accept-Language` where the catalogue knows them.
 */
export function catalogRoutes(app: App, deps: { catalogue: CatalogueService; guard: Guard }) {
  const languages = deps.catalogue.languages;
  const languageOf = (request: FastifyRequest, reply: FastifyReply): string => {
    const language = displayLanguage(request.headers['accept-language'], languages);
    reply.header('content-language', language).header('vary', 'Accept-Language');
    return language;
  };
  const described = `Names follow \`Accept-Language\` where known (${languages.join(', ')}); English otherwise.`;
  for (const r of resources(deps.catalogue)) {
    app.get(
      `/b2c/${r.path}`,
      {
        onRequest: deps.guard,
        schema: {
          operationId: `list_${r.plural}`,
          tags: ['catalogue'],
          summary: `List ${r.plural}`,
          description: `Filter by text (any known name, in any script) and country; cursor paging (at most 100 a page). ${described} Example: \`GET /b2c/${r.path}?q=lon&limit=5\`.`,
          security: SECURITY,
          querystring: Type.Object(
            { q: Text, country: Country, ...r.extraQuery, ...PageQuerySchema },
            { additionalProperties: false },
          ),
          response: {
            200: { ...pageOf(Type.Ref(r.schemaId), `A page of ${r.plural}`), headers: LANGUAGE_HEADERS },
            ...errorResponses('INVALID_CURSOR', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
          },
        },
      },
      async (request, reply) => {
        const query = request.query;
        return r.list({ ...query, limit: query.limit ?? 20, language: languageOf(request, reply) });
      },
    );

    app.get(
      `/b2c/${r.path}/:${r.key}`,
      {
        onRequest: deps.guard,
        schema: {
          operationId: `get_${r.noun}`,
          tags: ['catalogue'],
          summary: `Get one ${r.noun}`,
          description: `By ${r.keyDescription}, e.g. \`GET /b2c/${r.path}/${r.example}\`. Unknown: 404 NOT_FOUND. ${described}`,
          security: SECURITY,
          params: Type.Object({
            [r.key]: Type.String({
              minLength: 1,
              maxLength: 40,
              description: r.keyDescription,
              examples: [r.example],
            }),
          }),
          response: {
            200: { ...Type.Ref(r.schemaId), headers: LANGUAGE_HEADERS },
            ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
          },
        },
      },
      async (request, reply) => r.get(request.params[r.key]!, languageOf(request, reply)),
    );
  }

  app.get(
    '/b2c/places',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'suggest_places',
        tags: ['catalogue'],
        summary: 'Autocomplete cities and airports',
        description:
          'Ranks cities and airports for a typed prefix of any of their names, in any script (münchen, 東京, москва): ' +
          'an exact airport or metropolitan code first, then by size and passenger traffic, each city followed by ' +
          'its airports. `GET /b2c/places?q=lon` gives London, then LHR, LGW, STN, LTN, LCY. ' +
          described,
        security: SECURITY,
        querystring: Type.Object(
          {
            q: Type.String({ minLength: 1, maxLength: 100, examples: ['lon'] }),
            types: Type.Optional(
              Type.String({
                pattern: '^(city|airport)(,(city|airport))?$',
                default: 'city,airport',
                description: 'city, airport or both',
              }),
            ),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: { ...Type.Object({ data: Type.Array(Type.Ref('Place')) }), headers: LANGUAGE_HEADERS },
          ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request, reply) => {
      const { q, types, limit } = request.query;
      const kinds = new Set((types ?? 'city,airport').split(',') as Array<'city' | 'airport'>);
      return { data: deps.catalogue.suggestPlaces(q, limit ?? 10, kinds, languageOf(request, reply)) };
    },
  );
}

export const CATALOG_SCHEMAS = [CountrySchema, CitySchema, AirportSchema, AirlineSchema, PlaceSchema];
