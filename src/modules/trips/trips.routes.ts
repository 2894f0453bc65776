import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { type Idempotency, idempotencyKeyHeaders, idempotencyKeyOf } from '../../http/idempotency.ts';
import { callerKey } from '../../http/rate-limit.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { SearchGate } from '../../http/search-gate.ts';
import { type Principal, principalOf } from '../auth/index.ts';
import type { ProductRegistry } from '../bookings/index.ts';
import type { TripBooking } from './trip-booking.ts';
import type { TripSearch } from './trip-search.ts';
import {
  AcceptTripChangeRequestSchema,
  BookTripRequestSchema,
  SearchTripsRequestSchema,
  SearchTripsResponseSchema,
} from './trips.schemas.ts';

const tags = ['trips'];

/** Flight + hotel packages: searched, and booked as one trip. Reading and cancelling are the desk's. */
export function tripsRoutes(
  app: App,
  deps: {
    searchTrips: TripSearch['searchTrips'];
    bookTrip: TripBooking['bookTrip'];
    acceptChange: (
      p: Principal,
      id: string,
      expected: { amount: number; currency: string },
    ) => Promise<{ booking: { id: string }; etag: string }>;
    products: ProductRegistry;
    idempotency: Idempotency;
    guards: { read: onRequestAsyncHookHandler; book: onRequestAsyncHookHandler };
    gate: SearchGate;
  },
) {
  app.post(
    '/search_trips',
    {
      onRequest: deps.guards.read,
      schema: {
        operationId: 'search_trips',
        tags,
        summary: 'Search flights and a stay together',
        description:
          'Packages of return flights from `origin` to the destination city and a stay there that matches them: ' +
          'check-in on the day the outbound lands in the city’s time (the day before when it lands after ' +
          'midnight and before 06:00), check-out on the day the return departs. Each package pairs a hotel’s ' +
          'cheapest option paid now with the cheapest flights for that stay, at one price in the flights’ ' +
          'currency, cheapest first; cursor paging (at most 50 a page). Book one with POST /book_trip before ' +
          '`expires_at`.',
        security: [{ oauth2: ['read'] }],
        body: SearchTripsRequestSchema,
        response: {
          200: SearchTripsResponseSchema,
          ...errorResponses(
            'INVALID_CURSOR',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'UNSUPPORTED_MEDIA_TYPE',
            'PAYLOAD_TOO_LARGE',
          ),
        },
      },
    },
    async (request) =>
      deps.gate.run(callerKey(request), () => deps.searchTrips(request.body, principalOf(request))),
  );

  app.post(
    '/book_trip',
    {
      onRequest: deps.guards.book,
      ...deps.idempotency.hooks('book_trip'),
      schema: {
        operationId: 'book_trip',
        tags,
        summary: 'Book a package as one trip',
        description:
          'Books a package from search_trips: the flights, the stay and one payment, in one transaction, or ' +
          'nothing at all. Needs an `Idempotency-Key` header: a retry with the same key and body replays the first ' +
          'answer. 409 NO_AVAILABILITY: a flight or a room sold out since the search (nothing held, nothing ' +
          'paid); 409 PRICE_CHANGED: a part’s price changed; 410 OFFER_EXPIRED: search again. The passengers are ' +
          'the hotel’s guests too, sharing the rooms as searched.',
        security: [{ oauth2: ['book'] }],
        headers: idempotencyKeyHeaders('2b9e4c-trip-1'),
        body: BookTripRequestSchema,
        response: {
          201: Type.Ref('Trip'),
          ...errorResponses(
            'IDEMPOTENCY_KEY_REQUIRED',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'NO_AVAILABILITY',
            'PRICE_CHANGED',
            'OFFER_EXPIRED',
            'QUOTE_EXPIRED',
            'IDEMPOTENCY_KEY_REUSED',
            'STAY_RESTRICTED',
            'PAYMENT_DECLINED',
            'INSUFFICIENT_FUNDS',
            'UNSUPPORTED_MEDIA_TYPE',
          ),
        },
      },
    },
    async (request, reply) => {
      const trip = await deps.bookTrip(principalOf(request), request.body, idempotencyKeyOf(request));
      const { booking, etag } = await deps.products
        .of({ id: trip.id })
        .get(principalOf(request), { id: trip.id });
      reply.code(201).header('etag', etag).header('location', `/booking?id=${booking.id}`);
      return booking;
    },
  );

  app.post(
    '/accept_trip_change',
    {
      onRequest: deps.guards.book,
      schema: {
        operationId: 'accept_trip_change',
        tags,
        summary: 'Accept a schedule change of a trip’s flights',
        description:
          'The flights take the new times the operator gave them and, when those move the day the traveller lands ' +
          'or leaves, the stay moves to match, priced at today’s rates: one change, in one transaction. ' +
          '`expected_total` is the trip’s new total (`schedule_change.total_amount` of GET /booking): a dearer ' +
          'stay is paid with what paid the trip, a cheaper one gives the difference back. 409 PRICE_CHANGED ' +
          'carries the total now; 409 NO_AVAILABILITY: a new night is full (cancel the trip instead).',
        security: [{ oauth2: ['book'] }],
        body: AcceptTripChangeRequestSchema,
        response: {
          200: Type.Ref('Trip'),
          ...errorResponses(
            'NOT_FOUND',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'INVALID_STATE_TRANSITION',
            'CHANGE_NOT_ALLOWED',
            'PRICE_CHANGED',
            'NO_AVAILABILITY',
            'STAY_RESTRICTED',
            'PAYMENT_DECLINED',
            'INSUFFICIENT_FUNDS',
            'CONFLICT',
            'UNSUPPORTED_MEDIA_TYPE',
          ),
        },
      },
    },
    async (request, reply) => {
      deps.products.require(request.body.booking_id, 'trip');
      const { booking, etag } = await deps.acceptChange(
        principalOf(request),
        request.body.booking_id,
        request.body.expected_total,
      );
      reply.header('etag', etag);
      return booking;
    },
  );
}
