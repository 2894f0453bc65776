import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../../http/app-instance.ts';
import { type Idempotency, idempotencyKeyHeaders, idempotencyKeyOf } from '../../../http/idempotency.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { principalOf } from '../../auth/index.ts';
import type { ProductRegistry } from '../../bookings/index.ts';
import {
  BookHotelRequestSchema,
  CheckRateRequestSchema,
  CheckRateResponseSchema,
  ModifyHotelBookingRequestSchema,
} from '../booking/hotel-booking.schemas.ts';
import type { HotelBookingService } from '../booking/hotel-booking-service.ts';
import type { HotelModifications } from '../booking/hotel-modifications.ts';

const Booking = Type.Ref('HotelBooking');
const tags = ['hotel bookings'];

/** Rate check, booking and modification of hotel stays. Reading, searching and cancelling are shared. */
export function hotelBookingRoutes(
  app: App,
  deps: {
    bookings: HotelBookingService;
    modifications: HotelModifications;
    products: ProductRegistry;
    idempotency: Idempotency;
    guards: { read: onRequestAsyncHookHandler; book: onRequestAsyncHookHandler };
  },
) {
  app.post(
    '/check_rate',
    {
      onRequest: deps.guards.read,
      schema: {
        operationId: 'check_rate',
        tags,
        summary: 'Check a rate before booking',
        description:
          'Re-prices a rate key from search_hotels against today’s rates and allotment. `status` is `available`, ' +
          '`price_changed` (the quote carries the new total; `previous_total_amount` the old) or `sold_out` ' +
          '(no quote). These are answers, not errors. The quote is valid 15 minutes; book it with book_hotel. ' +
          '410 OFFER_EXPIRED when the rate key itself expired.',
        security: [{ oauth2: ['read'] }],
        body: CheckRateRequestSchema,
        response: {
          200: CheckRateResponseSchema,
          ...errorResponses(
            'OFFER_EXPIRED',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'UNSUPPORTED_MEDIA_TYPE',
          ),
        },
      },
    },
    async (request) => deps.bookings.checkRate(principalOf(request), request.body.rate_key),
  );

  app.post(
    '/book_hotel',
    {
      onRequest: deps.guards.book,
      ...deps.idempotency.hooks('book_hotel'),
      schema: {
        operationId: 'book_hotel',
        tags,
        summary: 'Book a hotel stay',
        description:
          'From a `quote_id` (check_rate) or a `rate_key` (search_hotels). Needs an `Idempotency-Key` header: a ' +
          'retry with the same key and body replays the first answer, so a time-out never books twice. Every ' +
          'night of every room is taken together or not at all. 409 NO_AVAILABILITY: sold out (`night` names the ' +
          'first full night); 409 PRICE_CHANGED carries the new total; 410 QUOTE_EXPIRED / OFFER_EXPIRED: check ' +
          'or search again; 422 STAY_RESTRICTED: the rate’s rules changed. Guests per room: the searched adults ' +
          '(no age) and children (with their age).',
        security: [{ oauth2: ['book'] }],
        headers: idempotencyKeyHeaders('6a0d1f-stay-1'),
        body: BookHotelRequestSchema,
        response: {
          201: Booking,
          ...errorResponses(
            'IDEMPOTENCY_KEY_REQUIRED',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'NO_AVAILABILITY',
            'PRICE_CHANGED',
            'QUOTE_EXPIRED',
            'OFFER_EXPIRED',
            'IDEMPOTENCY_KEY_REUSED',
            'STAY_RESTRICTED',
            'UNSUPPORTED_MEDIA_TYPE',
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

  app.post(
    '/modify_hotel_booking',
    {
      onRequest: deps.guards.book,
      schema: {
        operationId: 'modify_hotel_booking',
        tags,
        summary: 'Change guests, requests or dates',
        description:
          'Needs `If-Match` with the ETag of GET /booking (428 without, 412 when it changed since). Names and ' +
          'special requests can change until check-out. Dates can change before the stay begins and while ' +
          'cancelling is free (else 409 CHANGE_NOT_ALLOWED): the live rooms are re-priced at today’s rates, ' +
          '`expected_total` must match the new total (else 409 PRICE_CHANGED with it), and the old nights are ' +
          'released and the new ones taken in one step (409 NO_AVAILABILITY changes nothing).',
        security: [{ oauth2: ['book'] }],
        headers: Type.Object({ 'if-match': Type.Optional(Type.String({ examples: ['"v3"'] })) }),
        body: ModifyHotelBookingRequestSchema,
        response: {
          200: Booking,
          ...errorResponses(
            'PART_OF_TRIP',
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'CHANGE_NOT_ALLOWED',
            'NO_AVAILABILITY',
            'PRICE_CHANGED',
            'STAY_RESTRICTED',
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
      deps.products.require(body.booking_id, 'hotel');
      const { booking, etag } = await deps.modifications.modify(
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
