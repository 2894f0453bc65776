import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../../http/app-instance.ts';
import { type Idempotency, idempotencyKeyHeaders, idempotencyKeyOf } from '../../../http/idempotency.ts';
import { decodeKeyset, encodeKeyset } from '../../../http/keyset.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { principalOf } from '../../auth/index.ts';
import type { ProductRegistry } from '../../bookings/index.ts';
import {
  BookFlightRequestSchema,
  BookingIdSchema,
  UpdateBookingRequestSchema,
} from '../booking/flight-booking.schemas.ts';
import type { FlightBookingService } from '../booking/flight-booking-service.ts';

interface Deps {
  products: ProductRegistry;
  bookings: FlightBookingService;
  idempotency: Idempotency;
  guards: { read: onRequestAsyncHookHandler; book: onRequestAsyncHookHandler };
}

const Booking = Type.Ref('FlightBooking');
const tags = ['flight bookings'];

/** Flight bookings: book, list, confirm a hold, edit. Reading and cancelling are the booking desk's. */
export function flightBookingRoutes(app: App, deps: Deps) {
  app.post(
    '/book_flight',
    {
      onRequest: deps.guards.book,
      ...deps.idempotency.hooks('book_flight'),
      schema: {
        operationId: 'book_flight',
        tags,
        summary: 'Book a flight offer',
        description:
          'Needs an `Idempotency-Key` header: a retry with the same key and body replays the first answer. ' +
          'Seats on every flight are taken together or not at all. `seats` (from GET /seat_maps) and `bags` ' +
          '(see the offer’s `available_services`) are bought with it, their prices part of `expected_total`; ' +
          'a chosen seat someone took first is 409 SEAT_UNAVAILABLE. 409 PRICE_CHANGED carries the new total; ' +
          '410 OFFER_EXPIRED means search again; 409 NO_AVAILABILITY means sold out. `type: hold` keeps the seats ' +
          'until `hold_expires_at` without ticketing. An instant booking is paid: by card (authorized, then ' +
          'captured) or from the agency balance (402 INSUFFICIENT_FUNDS when it cannot cover it); a declined ' +
          'card is 402 PAYMENT_DECLINED. Nothing is booked when the payment fails, and a retry with the same ' +
          'key never charges twice.',
        security: [{ oauth2: ['book'] }],
        headers: idempotencyKeyHeaders('3f1c9a7e-booking-1'),
        body: BookFlightRequestSchema,
        response: {
          201: Booking,
          ...errorResponses(
            'IDEMPOTENCY_KEY_REQUIRED',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'PRICE_CHANGED',
            'NO_AVAILABILITY',
            'SEAT_UNAVAILABLE',
            'OFFER_EXPIRED',
            'INSUFFICIENT_FUNDS',
            'PAYMENT_DECLINED',
            'CURRENCY_MISMATCH',
            'IDEMPOTENCY_KEY_REUSED',
            'UNSUPPORTED_MEDIA_TYPE',
            'PAYLOAD_TOO_LARGE',
          ),
        },
      },
    },
    async (request, reply) => {
      const { booking, etag } = await deps.bookings.placeBooking(
        principalOf(request),
        request.body,
        idempotencyKeyOf(request),
      );
      reply.code(201).header('etag', etag).header('location', `/booking?id=${booking.id}`);
      return booking;
    },
  );

  app.get(
    '/flight_bookings',
    {
      onRequest: deps.guards.read,
      schema: {
        operationId: 'list_flight_bookings',
        tags,
        summary: 'List flight bookings',
        description:
          'Newest first, the caller’s own (agents: their agency’s; admins: all). Without events; GET /booking has them.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object(
          {
            status: Type.Optional(
              Type.String({
                enum: ['held', 'confirmed', 'cancelled', 'expired', 'disrupted', 'schedule_changed'],
              }),
            ),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
            cursor: Type.Optional(Type.String({ maxLength: 512 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Array(Booking),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
            total_count: Type.Integer(),
          }),
          ...errorResponses('INVALID_CURSOR', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const { status, limit = 20, cursor } = request.query;
      const filter = { status };
      const after = decodeKeyset(cursor, filter);
      const page = await deps.bookings.listBookings(principalOf(request), filter, after, limit);
      const last = page.rows[page.rows.length - 1];
      return {
        data: page.data,
        next_cursor: page.more && last ? encodeKeyset({ value: last.created_at, id: last.id }, filter) : null,
        total_count: page.total,
      };
    },
  );

  app.post(
    '/confirm_booking',
    {
      onRequest: deps.guards.book,
      schema: {
        operationId: 'confirm_booking',
        tags,
        summary: 'Confirm a held booking',
        description:
          'Tickets a hold before `hold_expires_at`, taking the payment it was made with: the card authorized ' +
          'then is captured, or the agency balance is debited (402 INSUFFICIENT_FUNDS). A hold made without a ' +
          'payment is 402 PAYMENT_REQUIRED: use POST /pay_booking. Any other state is 409 INVALID_STATE_TRANSITION.',
        security: [{ oauth2: ['book'] }],
        body: BookingIdSchema,
        response: {
          200: Booking,
          ...errorResponses(
            'PART_OF_TRIP',
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'PAYMENT_REQUIRED',
            'INSUFFICIENT_FUNDS',
            'CURRENCY_MISMATCH',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
          ),
        },
      },
    },
    async (request, reply) => {
      const id = request.body.booking_id;
      deps.products.require(id, 'flight');
      const { booking, etag } = await deps.bookings.confirmBooking(principalOf(request), id);
      reply.header('etag', etag);
      return booking;
    },
  );

  app.post(
    '/update_booking',
    {
      onRequest: deps.guards.book,
      schema: {
        operationId: 'update_booking',
        tags,
        summary: 'Update contact details or correct names',
        description:
          'Needs `If-Match` with the ETag of GET /booking (428 without, 412 when the booking changed since). A name correction may change at most 3 letters.',
        security: [{ oauth2: ['book'] }],
        headers: Type.Object({ 'if-match': Type.Optional(Type.String({ examples: ['"v3"'] })) }),
        body: UpdateBookingRequestSchema,
        response: {
          200: Booking,
          ...errorResponses(
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'PRECONDITION_FAILED',
            'PRECONDITION_REQUIRED',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      deps.products.require(body.booking_id, 'flight');
      const { booking, etag } = await deps.bookings.updateBooking(
        principalOf(request),
        body.booking_id,
        request.headers['if-match'],
        body,
      );
      reply.header('etag', etag);
      return booking;
    },
  );
}
