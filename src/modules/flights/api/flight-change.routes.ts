import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../../http/app-instance.ts';
import { type Idempotency, idempotencyKeyHeaders } from '../../../http/idempotency.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { principalOf } from '../../auth/index.ts';
import type { ProductRegistry } from '../../bookings/index.ts';
import { BookingIdSchema } from '../booking/flight-booking.schemas.ts';
import { ChangeBookingRequestSchema, SearchChangesRequestSchema } from '../booking/flight-change.schemas.ts';
import type { FlightChangeService } from '../booking/flight-change-service.ts';
import type { FlightRetimeService } from '../booking/flight-retime-service.ts';

const tags = ['flight bookings'];

/** Voluntary changes of flights and dates, and re-accommodation after the airline's change. */
export function flightChangeRoutes(
  app: App,
  deps: {
    changes: FlightChangeService;
    retimes: FlightRetimeService;
    products: ProductRegistry;
    idempotency: Idempotency;
    guard: onRequestAsyncHookHandler;
  },
) {
  app.post(
    '/search_changes',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'search_changes',
        tags,
        summary: 'Search change offers for a flight booking',
        description:
          'New dates for some slices of a confirmed booking (the others stay as booked): flights of the same route, ' +
          'cabin and brand, each offer the whole itinerary afterwards, repriced at today’s fares with the fare ' +
          'difference, the change penalty per seated passenger, seat fees given up and the new total. A fare that ' +
          'does not allow changes is 409 CHANGE_NOT_ALLOWED. On a `disrupted` booking (the airline cancelled a ' +
          'flight) the offers are re-accommodation: no fare difference, no penalty.',
        security: [{ oauth2: ['book'] }],
        body: SearchChangesRequestSchema,
        response: {
          200: Type.Ref('SearchChangesResponse'),
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
      deps.products.require(request.body.booking_id, 'flight');
      return deps.changes.searchChanges(principalOf(request), request.body);
    },
  );

  app.post(
    '/change_booking',
    {
      onRequest: deps.guard,
      ...deps.idempotency.hooks('change_booking'),
      schema: {
        operationId: 'change_booking',
        tags,
        summary: 'Move a flight booking to the flights of a change offer',
        description:
          'Atomic: the new places are taken and the old released, seats chosen on flights given up freed, and the ' +
          'payment replaced by one for the new total (the same card or balance unless `payment` names another), ' +
          'or nothing changes. The booking keeps its id and reference; its version moves on. 409 PRICE_CHANGED ' +
          'carries the new total; 409 NO_AVAILABILITY when a new flight sold out; 410 QUOTE_EXPIRED when the ' +
          'booking changed since the offer, 410 OFFER_EXPIRED past its `expires_at`. Needs an `Idempotency-Key`.',
        security: [{ oauth2: ['book'] }],
        headers: idempotencyKeyHeaders('c41e-change-1'),
        body: ChangeBookingRequestSchema,
        response: {
          200: Type.Ref('FlightBooking'),
          ...errorResponses(
            'PART_OF_TRIP',
            'IDEMPOTENCY_KEY_REQUIRED',
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'CHANGE_NOT_ALLOWED',
            'PRICE_CHANGED',
            'NO_AVAILABILITY',
            'OFFER_EXPIRED',
            'QUOTE_EXPIRED',
            'INSUFFICIENT_FUNDS',
            'PAYMENT_DECLINED',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'IDEMPOTENCY_KEY_REUSED',
          ),
        },
      },
    },
    async (request, reply) => {
      const { booking, etag } = await deps.changes.changeBooking(principalOf(request), request.body);
      reply.header('etag', etag);
      return booking;
    },
  );

  app.post(
    '/accept_schedule_change',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'accept_schedule_change',
        tags,
        summary: 'Accept the new times of a retimed flight',
        description:
          'A `schedule_changed` booking takes the new times and is `confirmed` again. When the retime left a ' +
          'connection too short (`schedule_change.connection_broken`) it cannot be accepted: 409 ' +
          'CHANGE_NOT_ALLOWED; take another flight with POST /search_changes (free) or cancel (full refund).',
        security: [{ oauth2: ['book'] }],
        body: BookingIdSchema,
        response: {
          200: Type.Ref('FlightBooking'),
          ...errorResponses(
            'PART_OF_TRIP',
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'CHANGE_NOT_ALLOWED',
            'CONFLICT',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
          ),
        },
      },
    },
    async (request, reply) => {
      deps.products.require(request.body.booking_id, 'flight');
      const { booking, etag } = await deps.retimes.acceptScheduleChange(
        principalOf(request),
        request.body.booking_id,
      );
      reply.header('etag', etag);
      return booking;
    },
  );
}
