import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { errorResponses } from '../../http/schemas.ts';
import { principalOf } from '../auth/index.ts';
import { SearchBookingRequestSchema, SearchBookingResponseSchema } from './hotel-booking.schemas.ts';
import type { createHotelBookingSearch, SearchBookingRequest } from './hotel-booking-search.ts';

export function searchBookingRoute(
  app: FastifyInstance,
  deps: { search: ReturnType<typeof createHotelBookingSearch>; guard: onRequestAsyncHookHandler },
) {
  app.post(
    '/search_booking',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'search_booking',
        tags: ['hotel bookings'],
        summary: 'Search hotel bookings',
        description:
          'Any mix of: booking or client reference, a holder’s or guest’s name (contains; case and accents ' +
          'ignored), hotel, city, statuses, and inclusive ranges on creation, check-in, check-out and the end ' +
          'of free cancellation. Sorted by creation (newest first by default), check-in or check-out; cursor ' +
          'pages of up to 100 with the total count. Customers search their own bookings, agents their ' +
          'agency’s, admins all.',
        security: [{ bearerAuth: ['read'] }],
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
    async (request) => deps.search(principalOf(request), request.body as SearchBookingRequest),
  );
}
