import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { invalidField } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { principalOf } from '../auth/index.ts';
import { paymentInputRef } from '../payments/index.ts';
import { productOfCriteria } from './booking-search.ts';
import type { ProductRegistry } from './product-registry.ts';
import { SearchBookingRequestSchema, SearchBookingResponseSchema } from './search-booking.schemas.ts';

const tags = ['bookings'];

export const CancellationQuoteSchema = Type.Object(
  {
    quote_id: Type.String(),
    booking_id: Type.String(),
    room_id: Type.Union([Type.String(), Type.Null()], { description: 'Hotel bookings: the one room quoted' }),
    passenger_ids: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: 'Flight bookings: the passengers quoted, when not the whole booking',
    }),
    slices: Type.Union([Type.Array(Type.Integer()), Type.Null()], {
      description: 'Flight bookings: the last slices quoted, when not the whole booking',
    }),
    refund_amount: Type.Integer(),
    penalty_amount: Type.Integer(),
    currency: Type.String(),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'CancellationQuote' },
);
const BookingId = Type.String({ minLength: 4, maxLength: 64 });
export const PayBookingRequestSchema = Type.Object(
  { booking_id: BookingId, payment: paymentInputRef() },
  { $id: 'PayBookingRequest', additionalProperties: false },
);
const RoomId = Type.String({
  minLength: 4,
  maxLength: 64,
  description: 'Hotel bookings only: one room instead of the whole booking',
});
const PassengerIds = Type.Array(Type.String({ minLength: 4, maxLength: 64 }), {
  minItems: 1,
  maxItems: 17,
  description:
    'Flight bookings only: these passengers instead of the whole booking (at least one adult stays, and an ' +
    'adult for each infant), before the trip begins',
});
const Slices = Type.Array(Type.Integer({ minimum: 0, maximum: 5 }), {
  minItems: 1,
  maxItems: 5,
  description:
    'Flight bookings only: these slices, from 0, instead of the whole booking; flights are flown in order, so ' +
    'only the last slices (the return of a return), none departed',
});
/** What may be cancelled on its own: a hotel room, or some passengers or the last slices of a flight. */
const PartFields = {
  room_id: Type.Optional(RoomId),
  passenger_ids: Type.Optional(PassengerIds),
  slices: Type.Optional(Slices),
};

/** The operations every booking shares, whatever its product: read, search, pay a hold, quote a cancellation, cancel. */
export function bookingDeskRoutes(
  app: App,
  deps: {
    products: ProductRegistry;
    guards: { read: onRequestAsyncHookHandler; book: onRequestAsyncHookHandler };
  },
) {
  const { products } = deps;
  const AnyBooking = Type.Union(
    products.schemaIds().map((id) => Type.Ref(id)),
    { description: `Tell them apart by \`product\`: ${products.names().join(' or ')}` },
  );

  app.get(
    '/booking',
    {
      onRequest: deps.guards.read,
      schema: {
        operationId: 'get_booking',
        tags,
        summary: 'Get a booking',
        description:
          'A flight or hotel booking by `id` or by `reference`, with its events and `allowed_actions`. Customers ' +
          'see their own bookings, agents their agency’s, admins all; any other is 404, like a missing one. ' +
          'The ETag is needed to change it.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object(
          {
            id: Type.Optional(Type.String({ maxLength: 64 })),
            reference: Type.Optional(
              Type.String({
                pattern: '^[A-Za-z0-9]{6,8}$',
                description: '6 (flight), 7 (trip) or 8 (hotel)',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: AnyBooking,
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (!query.id && !query.reference) throw invalidField('/id', 'or reference is required', 'querystring');
      const { booking, etag } = await products.of(query).get(principalOf(request), query);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      return booking;
    },
  );

  app.post(
    '/search_booking',
    {
      onRequest: deps.guards.read,
      schema: {
        operationId: 'search_booking',
        tags,
        summary: 'Search bookings',
        description:
          'Hotel bookings (the default) by any mix of: booking or client reference, a holder’s or guest’s name ' +
          '(contains; case and accents ignored), hotel, city, statuses, and inclusive ranges on creation, ' +
          'check-in, check-out and the end of free cancellation; sorted by creation (newest first by default), ' +
          'check-in or check-out. With `product: flight`, flight bookings by reference, passenger name, ' +
          'statuses, creation and first departure; sorted by creation or departure. A criterion the product ' +
          'does not have is 400 naming it. Cursor pages of up to 100 with the total count. Customers search ' +
          'their own bookings, agents their agency’s, admins all.',
        security: [{ oauth2: ['read'] }],
        body: SearchBookingRequestSchema,
        response: {
          200: SearchBookingResponseSchema,
          ...errorResponses(
            'INVALID_CURSOR',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'UNSUPPORTED_MEDIA_TYPE',
          ),
        },
      },
    },
    async (request) => {
      const body = request.body;
      // Left out, the product is the reference's (by its length), else what the criteria name.
      const product = body.product
        ? products.named(body.product)
        : body.reference
          ? products.of({ reference: body.reference })
          : products.named(productOfCriteria(body));
      return product.search(principalOf(request), body);
    },
  );

  app.post(
    '/quote_cancellation',
    {
      onRequest: deps.guards.book,
      schema: {
        operationId: 'quote_cancellation',
        tags,
        summary: 'Quote what cancelling costs now',
        description:
          'Flights: from the fare conditions; pass `passenger_ids` to cancel some passengers, or `slices` to cancel ' +
          'the last slices (the return of a return) and keep the rest. Hotels: from each room’s cancellation ' +
          'timeline, at this moment in the hotel’s zone; pass `room_id` to cancel one room only. Pass `quote_id` ' +
          '(with the same part) to POST /cancel_booking within 15 minutes.',
        security: [{ oauth2: ['book'] }],
        body: Type.Object({ booking_id: BookingId, ...PartFields }, { additionalProperties: false }),
        response: {
          200: CancellationQuoteSchema,
          ...errorResponses(
            'PART_OF_TRIP',
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'CHANGE_NOT_ALLOWED',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
          ),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const product = products.of({ id: body.booking_id });
      products.checkPart(product, body);
      return product.quoteCancellation(principalOf(request), body.booking_id, body);
    },
  );

  app.post(
    '/cancel_booking',
    {
      onRequest: deps.guards.book,
      schema: {
        operationId: 'cancel_booking',
        tags,
        summary: 'Cancel a booking (or a part of it) as quoted',
        description:
          'Releases the seats or nights and records the quoted penalty and refund. A quote that expired, or ' +
          'that predates a change to the booking, is 410 QUOTE_EXPIRED. A part (`room_id`, `passenger_ids` or ' +
          '`slices`) must be sent as it was quoted; the booking goes on without it, its total and payment ' +
          'follow. A hotel booking whose last live room is cancelled becomes `cancelled`.',
        security: [{ oauth2: ['book'] }],
        body: Type.Object(
          {
            booking_id: BookingId,
            ...PartFields,
            quote_id: Type.String({ minLength: 4, maxLength: 1000 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: AnyBooking,
          ...errorResponses(
            'PART_OF_TRIP',
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'CHANGE_NOT_ALLOWED',
            'QUOTE_EXPIRED',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const product = products.of({ id: body.booking_id });
      products.checkPart(product, body);
      const answer = await product.cancel(principalOf(request), body.booking_id, body.quote_id, body);
      reply.header('etag', answer.etag);
      return answer.booking;
    },
  );

  app.post(
    '/pay_booking',
    {
      onRequest: deps.guards.book,
      schema: {
        operationId: 'pay_booking',
        tags,
        summary: 'Pay a held booking',
        description:
          'For a hold made without a payment, before `hold_expires_at`, at the price it was held at: the card ' +
          'is charged or the agency balance debited, and the booking confirmed (a flight booking ticketed, a ' +
          "hotel booking's rooms confirmed and its voucher issued), together or not at all. A flight hold " +
          'that already has a payment is 409 CONFLICT (confirm it with POST /confirm_booking); a hold past its ' +
          'deadline is `expired` and 409 INVALID_STATE_TRANSITION.',
        security: [{ oauth2: ['book'] }],
        body: PayBookingRequestSchema,
        response: {
          200: AnyBooking,
          ...errorResponses(
            'PART_OF_TRIP',
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'CONFLICT',
            'INSUFFICIENT_FUNDS',
            'PAYMENT_DECLINED',
            'CURRENCY_MISMATCH',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const answer = await products
        .of({ id: body.booking_id })
        .pay(principalOf(request), body.booking_id, body.payment);
      reply.header('etag', answer.etag);
      return answer.booking;
    },
  );
}
