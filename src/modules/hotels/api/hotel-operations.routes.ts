import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../../http/app-instance.ts';
import { jsonInTurnsScope } from '../../../http/json-in-turns.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { textImportRoute } from '../../../http/text-imports.ts';
import type { createAllotments } from '../inventory/hotel-allotments.ts';
import type { HotelImporter } from '../inventory/hotel-import.ts';
import type { HotelTableImport } from '../inventory/hotel-table-import.ts';

const tags = ['hotel operations'];
const security = [{ oauth2: ['admin'] }];

/** Operator functions (admin role): load and update hotels, rates and allotments. */
export function hotelOperationsRoutes(
  app: App,
  deps: {
    importHotels: HotelImporter;
    importHotelTable: HotelTableImport;
    setAllotment: ReturnType<typeof createAllotments>;
    guard: onRequestAsyncHookHandler;
    bodyLimit: number;
  },
) {
  // A body of many megabytes: parsed in turns, so other requests keep being answered meanwhile.
  jsonInTurnsScope(app, (scope) =>
    scope.post(
      '/import_hotels',
      {
        onRequest: deps.guard,
        bodyLimit: deps.bodyLimit,
        schema: {
          operationId: 'import_hotels',
          tags,
          security,
          summary: 'Create or update hotels, room types, rate plans and allotments (admin)',
          description:
            'The import format of docs/hotel-import.md. All of it or nothing; hotels match on `code`, room types and ' +
            'rate plans on (hotel, code), so a corrected file updates, and `active: false` withdraws a hotel from ' +
            'search (it stays in the hotel feed as inactive). Every process sees the change within about a second.',
          body: Type.Object({
            hotels: Type.Array(Type.Object({}, { additionalProperties: true })),
            allotments: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
          }),
          response: {
            200: Type.Object({
              hotels: Type.Integer(),
              room_types: Type.Integer(),
              rate_plans: Type.Integer(),
              allotment_nights: Type.Integer(),
            }),
            ...errorResponses('UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE', 'PAYLOAD_TOO_LARGE'),
          },
        },
      },
      async (request) => deps.importHotels(request.body),
    ),
  );

  textImportRoute(app, {
    url: '/import_hotel_csv',
    types: ['text/csv'],
    operationId: 'import_hotel_csv',
    tags,
    summary: 'Import one hotel table from a CSV file: hotels, room types, rate plans or allotments (admin)',
    description:
      'A `text/csv` body with a header line (docs/hotel-import.md), told apart by its columns: hotels.csv ' +
      '(content, one hotel a row), room_types.csv and rate_plans.csv (rows of hotels already imported, by ' +
      '`hotel_code`), allotments.csv (rooms for sale and stop-sells over ranges of nights). Amounts are ' +
      'decimals in the rate’s currency; lists are separated by semicolons. Rows match as in ' +
      'POST /import_hotels, so a corrected file updates. All of it or nothing: each problem is listed ' +
      'with its `line`.',
    response: Type.Object({
      table: Type.Union([
        Type.Literal('hotels'),
        Type.Literal('room_types'),
        Type.Literal('rate_plans'),
        Type.Literal('allotments'),
      ]),
      rows: Type.Integer(),
      hotels: Type.Integer(),
      room_types: Type.Integer(),
      rate_plans: Type.Integer(),
      allotment_nights: Type.Integer(),
    }),
    guard: deps.guard,
    bodyLimit: deps.bodyLimit,
    run: (text) => deps.importHotelTable(text),
  });

  app.post(
    '/set_allotment',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'set_allotment',
        tags,
        security,
        summary: 'Set rooms for sale on a range of nights (admin)',
        description:
          'For one room type, nights `from`…`to` inclusive: `rooms` for sale (null: the room type’s default), ' +
          '`closed` (stop sell) and `closed_to_arrival`. Rooms already sold stay sold.',
        body: Type.Object(
          {
            hotel_id: Type.String({ maxLength: 64 }),
            room_type: Type.String({ maxLength: 20, examples: ['STD'] }),
            from: Type.String({ format: 'date' }),
            to: Type.String({ format: 'date' }),
            rooms: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 5000 }), Type.Null()])),
            closed: Type.Optional(Type.Boolean()),
            closed_to_arrival: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ hotel_id: Type.String(), room_type: Type.String(), nights: Type.Integer() }),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => deps.setAllotment(request.body),
  );
}
