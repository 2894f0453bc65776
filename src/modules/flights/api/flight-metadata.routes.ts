import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { AppError } from '../../../http/app-error.ts';
import type { App } from '../../../http/app-instance.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { AIRCRAFT_TYPES, flightDetails, routesFrom } from '../inventory/flight-metadata.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';

const tags = ['catalogue'];
const security = [{ oauth2: ['read'] }];

const ScheduleSchema = Type.Object({
  flight_id: Type.String(),
  flight_number: Type.String({ examples: ['BA160'] }),
  carrier: Type.String(),
  carrier_name: Type.String(),
  origin: Type.String(),
  destination: Type.String(),
  departure_time: Type.String({ description: 'Local time at the origin' }),
  duration_minutes: Type.Integer(),
  days_of_week: Type.String({ description: 'ISO weekdays, 1 = Monday', examples: ['1234567'] }),
  valid_from: Type.String({ format: 'date' }),
  valid_to: Type.String({ format: 'date' }),
  aircraft: Type.String(),
  seats: Type.Object({
    economy: Type.Integer(),
    premium_economy: Type.Integer(),
    business: Type.Integer(),
    first: Type.Integer(),
  }),
  on_date: Type.Union([
    Type.Object({
      departure_date: Type.String({ format: 'date' }),
      status: Type.String({ enum: ['scheduled', 'cancelled', 'not_operating'] }),
      departing_at: Type.Union([Type.String(), Type.Null()]),
      arriving_at: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});

/** Flight metadata under /b2c/: a flight's schedule and status, routes from an airport, aircraft types. */
export function flightMetadataRoutes(
  app: App,
  deps: { networkCache: NetworkCache; catalogue: Catalogue; guard: onRequestAsyncHookHandler },
) {
  app.get(
    '/b2c/flights/:flight_number',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_flight',
        tags,
        security,
        summary: 'Flight details by flight number',
        description:
          'Every schedule period of the flight number; with `date`, whether it operates that day, its local times and status.',
        params: Type.Object({
          flight_number: Type.String({ pattern: '^[A-Za-z0-9]{2}\\d{1,4}$', examples: ['BA160'] }),
        }),
        querystring: Type.Object(
          { date: Type.Optional(Type.String({ format: 'date' })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ data: Type.Array(ScheduleSchema) }),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const { flight_number } = request.params;
      const { date } = request.query;
      const data = flightDetails(await deps.networkCache.current(), deps.catalogue, flight_number, date);
      if (data.length === 0)
        throw new AppError('NOT_FOUND', `No flight ${flight_number.toUpperCase()} is scheduled`);
      return { data };
    },
  );

  app.get(
    '/b2c/routes',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_routes',
        tags,
        security,
        summary: 'Direct routes from an airport',
        description:
          'Destinations served non-stop from `origin`, busiest first, with carriers, weekly flights and block time.',
        querystring: Type.Object(
          { origin: Type.String({ pattern: '^[A-Za-z]{3}$', examples: ['LHR'] }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            origin: Type.String(),
            data: Type.Array(
              Type.Object({
                destination: Type.String(),
                carriers: Type.Array(Type.String()),
                flights_per_week: Type.Integer(),
                duration_minutes: Type.Integer(),
              }),
            ),
          }),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const origin = request.query.origin.toUpperCase();
      if (!deps.catalogue.airportByCode.has(origin)) throw new AppError('NOT_FOUND', `No airport ${origin}`);
      return { origin, data: routesFrom(await deps.networkCache.current(), origin) };
    },
  );

  app.get(
    '/b2c/aircraft',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_aircraft',
        tags,
        security,
        summary: 'Aircraft types',
        description: 'IATA aircraft type codes, as in `aircraft` of segments and schedules.',
        response: {
          200: Type.Object({
            data: Type.Array(
              Type.Object({
                code: Type.String(),
                name: Type.String(),
                manufacturer: Type.String(),
                body: Type.String(),
              }),
            ),
          }),
          ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async () => ({ data: Object.entries(AIRCRAFT_TYPES).map(([code, a]) => ({ code, ...a })) }),
  );
}
