import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { invalidField } from '../../../http/app-error.ts';
import type { App } from '../../../http/app-instance.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { principalOf } from '../../auth/index.ts';
import type { SeatMapsService } from '../booking/seat-maps-service.ts';
import { SEAT_CHARACTERISTICS } from '../inventory/seat-layout.ts';

const Answer = Type.Union([
  Type.Object({
    available: Type.Literal(true),
    amount: Type.Integer({ description: 'Minor units; 0 is free' }),
  }),
  Type.Object({
    available: Type.Literal(false),
    reason: Type.String({
      enum: ['taken', 'blocked', 'exit_row_restricted', 'not_selectable'],
      description:
        '`exit_row_restricted`: exit rows are for adults without an infant on the lap; `not_selectable`: the fare does not let this seat be chosen',
    }),
  }),
]);

export const SeatMapSchema = Type.Object(
  {
    offer_id: Type.Optional(Type.String()),
    booking_id: Type.Optional(Type.String()),
    passengers: Type.Optional(
      Type.Array(
        Type.Object({
          id: Type.String(),
          kind: Type.String({ enum: ['adult', 'adult_with_infant', 'adult_needing_assistance', 'child'] }),
        }),
        { description: 'On a booking’s seat map: each seated passenger and the offers that apply to them' },
      ),
    ),
    passenger_kinds: Type.Array(
      Type.String({ enum: ['adult', 'adult_with_infant', 'adult_needing_assistance', 'child'] }),
    ),
    segments: Type.Array(
      Type.Object({
        slice: Type.Integer(),
        segment: Type.Integer(),
        flight_id: Type.String(),
        flight_number: Type.String(),
        departure_date: Type.String({ format: 'date' }),
        origin: Type.String(),
        destination: Type.String(),
        aircraft: Type.String(),
        cabin: Type.String(),
        currency: Type.String(),
        seat_selection: Type.Boolean({
          description: 'False when the aircraft has no seat map: seats come at check-in',
        }),
        letters: Type.Union([
          Type.String({ description: 'Seat letters of a row, a space for each aisle' }),
          Type.Null(),
        ]),
        rows: Type.Array(
          Type.Object({
            row: Type.Integer(),
            seats: Type.Array(
              Type.Object({
                designator: Type.String({ examples: ['12A'] }),
                letter: Type.String(),
                characteristics: Type.Array(Type.String({ enum: [...SEAT_CHARACTERISTICS] })),
                offers: Type.Object(
                  {
                    adult: Type.Optional(Answer),
                    adult_with_infant: Type.Optional(Answer),
                    adult_needing_assistance: Type.Optional(Answer),
                    child: Type.Optional(Answer),
                  },
                  { description: 'For each kind of passenger on the offer' },
                ),
                passenger_id: Type.Optional(
                  Type.String({ description: 'On a booking’s seat map: its passenger holding this seat' }),
                ),
              }),
            ),
          }),
        ),
      }),
    ),
  },
  { $id: 'SeatMap' },
);

export function seatMapsRoute(
  app: App,
  deps: { seatMaps: SeatMapsService; guard: onRequestAsyncHookHandler },
) {
  app.get(
    '/seat_maps',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_seat_maps',
        tags: ['flights'],
        summary: 'Seat maps of an offer’s or a booking’s flights',
        description:
          'Per flight of the offer (`offer_id`) or booking (`booking_id`), its cabin’s seats row by row with their ' +
          'characteristics (window, aisle, exit row, extra legroom, bassinet, …) and, for each kind of passenger, ' +
          'whether they may have the seat and what choosing it costs under the fare (free in some brands, charged ' +
          'in others). Seats other passengers hold are `taken`; on a booking’s map its own passengers’ seats carry ' +
          'their `passenger_id`. Give exactly one of the two ids.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object(
          {
            offer_id: Type.Optional(Type.String({ maxLength: 4_000 })),
            booking_id: Type.Optional(Type.String({ minLength: 4, maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Ref('SeatMap'),
          ...errorResponses(
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'NOT_FOUND',
            'OFFER_EXPIRED',
            'NO_AVAILABILITY',
          ),
        },
      },
    },
    async (request) => {
      const { offer_id, booking_id } = request.query;
      if ((offer_id === undefined) === (booking_id === undefined))
        throw invalidField('', 'give exactly one of offer_id and booking_id', 'querystring');
      return booking_id
        ? deps.seatMaps.forBooking(principalOf(request), booking_id)
        : deps.seatMaps.forOffer(offer_id!);
    },
  );
}
