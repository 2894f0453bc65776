import type { onRequestAsyncHookHandler } from 'fastify';
import type { App } from '../../../http/app-instance.ts';
import { callerKey } from '../../../http/rate-limit.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { SearchGate } from '../../../http/search-gate.ts';
import { sendAnswer } from '../../../http/serialized-answer.ts';
import type { Searching } from '../../../ports/search-threads.ts';
import { principalOf } from '../../auth/index.ts';
import type { FlightSearchService } from '../search/flight-search-service.ts';
import { SearchFlightRequestSchema, SearchFlightResponseSchema } from '../search/search-flight.schemas.ts';

export function searchFlightRoute(
  app: App,
  deps: {
    /** The search, or where it is worked out when off this thread (answering it serialised). */
    search: { searchFlights: Searching<FlightSearchService['searchFlights']> };
    guard: onRequestAsyncHookHandler;
    gate: SearchGate;
  },
) {
  app.post(
    '/search_flight',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'search_flight',
        tags: ['flights'],
        summary: 'Search flights and fares',
        description:
          'One-way (one slice), return (two) or multi-city (up to six) in one cabin, direct or with up to two ' +
          'connections, priced per passenger type from live seat availability. Each offer is signed and ' +
          'expires after 20 minutes; book it with POST /book_flight. Sort by price, duration or departure; ' +
          'cursor paging (at most 50 a page). `flexible_days` adds a price calendar.',
        security: [{ oauth2: ['read'] }],
        body: SearchFlightRequestSchema,
        response: {
          200: SearchFlightResponseSchema,
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
    async (request, reply) => {
      const answer = await deps.gate.run(callerKey(request), () =>
        deps.search.searchFlights(request.body, principalOf(request)),
      );
      return sendAnswer(reply, answer);
    },
  );
}
