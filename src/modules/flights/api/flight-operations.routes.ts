import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../../http/app-instance.ts';
import { jsonInTurnsScope } from '../../../http/json-in-turns.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { FlightDisruptions } from '../booking/flight-disruptions.ts';
import type { FlightRetimeService } from '../booking/flight-retime-service.ts';
import type { NetworkImporter } from '../inventory/network-import.ts';

const tags = ['flight operations'];

/** Operator functions (admin role): load schedules and fares, withdraw them, cancel or retime a dated flight. */
export function flightOperationsRoutes(
  app: App,
  deps: {
    importNetwork: NetworkImporter;
    disruptions: FlightDisruptions;
    retimes: FlightRetimeService;
    guard: onRequestAsyncHookHandler;
    bodyLimit: number;
  },
) {
  // A body of many megabytes: parsed in turns, so other requests keep being answered meanwhile.
  jsonInTurnsScope(app, (scope) =>
    scope.post(
      '/import_flights',
      {
        onRequest: deps.guard,
        bodyLimit: deps.bodyLimit,
        schema: {
          operationId: 'import_flights',
          tags,
          summary: 'Create or update schedules and fares (admin)',
          description:
            'The import format of docs/flight-import.md. All of it or nothing; rows match on their natural keys, so ' +
            'sending a corrected file updates. Every process sees the change in its searches within about a second. ' +
            'A schedule moved to another time retimes its booked dates from today on (their bookings become ' +
            '`schedule_changed`, as with POST /retime_flight), and a date no longer flown disrupts its bookings, in ' +
            'the same transaction.',
          security: [{ oauth2: ['admin'] }],
          body: Type.Object({
            schedules: Type.Array(Type.Object({}, { additionalProperties: true })),
            fares: Type.Array(Type.Object({}, { additionalProperties: true })),
          }),
          response: {
            200: Type.Object({
              schedules: Type.Integer(),
              fares: Type.Integer(),
              oversold: Type.Array(
                Type.Object({
                  flight_id: Type.String(),
                  carrier: Type.String(),
                  flight_number: Type.Integer(),
                  departure_date: Type.String({ format: 'date' }),
                  cabin: Type.String(),
                  sold: Type.Integer(),
                  capacity: Type.Integer(),
                }),
                {
                  description:
                    'Flights from today on that hold more seats sold than the capacity just imported (at most 100): ' +
                    'nothing more is sold on them, and their bookings stand until the operator rebooks or cancels',
                },
              ),
              changed_bookings: Type.Array(Type.String(), {
                description:
                  'References of bookings on flights moved to another time: now `schedule_changed`',
              }),
              disrupted_bookings: Type.Array(Type.String(), {
                description: 'References of bookings on dates no longer flown: now `disrupted`',
              }),
            }),
            ...errorResponses(
              'UNAUTHENTICATED',
              'FORBIDDEN',
              'INSUFFICIENT_SCOPE',
              'PAYLOAD_TOO_LARGE',
              'UNSUPPORTED_MEDIA_TYPE',
            ),
          },
        },
      },
      async (request) => deps.importNetwork(request.body),
    ),
  );

  app.post(
    '/cancel_flight',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'cancel_flight',
        tags,
        summary: 'Cancel one dated flight (admin)',
        description:
          'The flight leaves search; every held or confirmed booking on it becomes `disrupted`, with an event. Nothing is deleted.',
        security: [{ oauth2: ['admin'] }],
        body: Type.Object(
          {
            flight_id: Type.String({ minLength: 4, maxLength: 64 }),
            departure_date: Type.String({ format: 'date' }),
            reason: Type.String({ minLength: 1, maxLength: 500 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            flight_id: Type.String(),
            departure_date: Type.String(),
            already_cancelled: Type.Boolean(),
            disrupted_bookings: Type.Array(Type.String()),
          }),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const body = request.body;
      return deps.disruptions.cancelFlight(body.flight_id, body.departure_date, body.reason);
    },
  );

  app.post(
    '/retime_flight',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'retime_flight',
        tags,
        summary: 'Move one dated flight to a new time (admin)',
        description:
          'Search shows the new time at once. Held bookings on the flight show it too; confirmed ones become ' +
          '`schedule_changed` with the old and new times (and `connection_broken` when a connection falls below ' +
          'the minimum): the traveller accepts, takes another flight free, or cancels with a full refund.',
        security: [{ oauth2: ['admin'] }],
        body: Type.Object(
          {
            flight_id: Type.String({ minLength: 4, maxLength: 64 }),
            departure_date: Type.String({ format: 'date' }),
            departure_time: Type.String({
              pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
              description: 'The new local departure time, HH:MM',
            }),
            duration_minutes: Type.Optional(
              Type.Integer({
                minimum: 20,
                maximum: 1_200,
                description: 'The new block time; the schedule’s if left out',
              }),
            ),
            reason: Type.String({ minLength: 1, maxLength: 500 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            flight_id: Type.String(),
            departure_date: Type.String(),
            departure_time: Type.String(),
            duration_minutes: Type.Integer(),
            changed_bookings: Type.Array(Type.String()),
          }),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const body = request.body;
      return deps.retimes.retimeFlight(body.flight_id, body.departure_date, body, body.reason);
    },
  );

  app.post(
    '/withdraw_schedule',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'withdraw_schedule',
        tags,
        summary: 'Withdraw a schedule from sale (admin)',
        description:
          'The flight leaves search on every date; held and confirmed bookings on its future dates become `disrupted`.',
        security: [{ oauth2: ['admin'] }],
        body: Type.Object(
          {
            flight_id: Type.String({ minLength: 4, maxLength: 64 }),
            reason: Type.String({ minLength: 1, maxLength: 500 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            flight_id: Type.String(),
            already_withdrawn: Type.Boolean(),
            disrupted_bookings: Type.Array(Type.String()),
          }),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const body = request.body;
      return deps.disruptions.withdrawSchedule(body.flight_id, body.reason);
    },
  );

  app.post(
    '/withdraw_fare',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'withdraw_fare',
        tags,
        summary: 'Stop selling a fare (admin)',
        description: 'By its natural key. Existing bookings keep the fare they were sold.',
        security: [{ oauth2: ['admin'] }],
        body: Type.Object(
          {
            carrier: Type.String({ pattern: '^[A-Z0-9]{2}$' }),
            origin: Type.String({ pattern: '^[A-Z]{3}$' }),
            destination: Type.String({ pattern: '^[A-Z]{3}$' }),
            cabin: Type.Union([
              Type.Literal('economy'),
              Type.Literal('premium_economy'),
              Type.Literal('business'),
              Type.Literal('first'),
            ]),
            brand: Type.String({ minLength: 1, maxLength: 30 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ withdrawn: Type.Boolean() }),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => deps.disruptions.withdrawFare(request.body),
  );
}
