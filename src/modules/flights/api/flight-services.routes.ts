import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../../http/app-instance.ts';
import { type Idempotency, idempotencyKeyHeaders } from '../../../http/idempotency.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { principalOf } from '../../auth/index.ts';
import type { ProductRegistry } from '../../bookings/index.ts';
import { AddServicesRequestSchema } from '../ancillaries/ancillaries.schemas.ts';
import type { FlightServicesSale } from '../booking/flight-services-sale.ts';

/** Seats and extra bags after the sale. */
export function flightServicesRoutes(
  app: App,
  deps: {
    sale: FlightServicesSale;
    products: ProductRegistry;
    idempotency: Idempotency;
    guard: onRequestAsyncHookHandler;
  },
) {
  app.post(
    '/add_services',
    {
      onRequest: deps.guard,
      ...deps.idempotency.hooks('add_services'),
      schema: {
        operationId: 'add_services',
        tags: ['flight bookings'],
        summary: 'Add seats and extra bags to a confirmed flight booking',
        description:
          'Seats from GET /seat_maps?booking_id= (a passenger who has a seat on that flight moves, and the old ' +
          'one is freed; what it cost is not refunded) and extra checked bags per passenger and slice, within ' +
          'the fare’s allowance, priced by the fares the booking was sold. `expected_amount` is what they cost ' +
          'together (409 PRICE_CHANGED with the figure otherwise). Paid like the booking: its payment is ' +
          'replaced by one for the new total, with the same card or agency balance unless `payment` names ' +
          'another. A seat someone else took first is 409 SEAT_UNAVAILABLE and nothing changes. Needs an ' +
          '`Idempotency-Key`: a retry never buys twice.',
        security: [{ oauth2: ['book'] }],
        headers: idempotencyKeyHeaders('7a2d-services-1'),
        body: AddServicesRequestSchema,
        response: {
          200: Type.Ref('FlightBooking'),
          ...errorResponses(
            'PART_OF_TRIP',
            'IDEMPOTENCY_KEY_REQUIRED',
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'PRICE_CHANGED',
            'SEAT_UNAVAILABLE',
            'CONFLICT',
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
      deps.products.require(request.body.booking_id, 'flight');
      const { booking, etag } = await deps.sale.addServices(principalOf(request), request.body);
      reply.header('etag', etag);
      return booking;
    },
  );
}
