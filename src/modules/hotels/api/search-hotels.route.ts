import type { onRequestAsyncHookHandler } from 'fastify';
import type { App } from '../../../http/app-instance.ts';
import { callerKey } from '../../../http/rate-limit.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { SearchGate } from '../../../http/search-gate.ts';
import { sendAnswer } from '../../../http/serialized-answer.ts';
import { servedBefore } from '../../../http/versioning.ts';
import type { Searching } from '../../../ports/search-threads.ts';
import { principalOf } from '../../auth/index.ts';
import type { HotelSearchService } from '../search/hotel-search-service.ts';
import { SearchHotelsRequestSchema, SearchHotelsResponseSchema } from '../search/search-hotels.schemas.ts';

export function searchHotelsRoute(
  app: App,
  deps: {
    /** The search, or where it is worked out when off this thread (answering it serialised). */
    search: { searchHotels: Searching<HotelSearchService['searchHotels']> };
    guard: onRequestAsyncHookHandler;
    gate: SearchGate;
  },
) {
  app.post(
    '/search_hotels',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'search_hotels',
        tags: ['hotels'],
        summary: 'Search hotels and their rates',
        description:
          'By city, hotel ids, or a point and radius; for one to eight rooms, each with adults and children’s ages. ' +
          'Every hotel with a bookable option, priced for the whole stay from live allotment, with taxes apart, ' +
          'a cancellation timeline in the hotel’s time zone and a signed rate key (valid 30 minutes). Filters: ' +
          'stars, price, board, amenities, refundable only, name. Sort by price, stars or distance; cursor paging ' +
          '(at most 50 hotels a page) with a total count. At most 30 nights, up to 365 days ahead.',
        security: [{ oauth2: ['read'] }],
        body: SearchHotelsRequestSchema,
        response: {
          200: SearchHotelsResponseSchema,
          ...errorResponses(
            'INVALID_CURSOR',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'UNSUPPORTED_MEDIA_TYPE',
          ),
        },
      },
    },
    async (request, reply) => {
      // Before 2026-11-23, `stars` meant most stars first: the reverse of every other sort key.
      const body =
        servedBefore(request, '2026-11-23') && request.body.sort?.endsWith('stars')
          ? {
              ...request.body,
              sort: request.body.sort === 'stars' ? ('-stars' as const) : ('stars' as const),
            }
          : request.body;
      const answer = await deps.gate.run(callerKey(request), () =>
        deps.search.searchHotels(body, principalOf(request)),
      );
      return sendAnswer(reply, answer);
    },
  );
}
