import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../../http/app-instance.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { principalOf } from '../../auth/index.ts';
import type { HotelGuarantees } from '../booking/hotel-guarantees.ts';

/** The hotel's charge to a stay's guarantee card (admin): a no-show or a late cancellation. */
export function hotelGuaranteeRoutes(
  app: App,
  deps: { guarantees: HotelGuarantees; guard: onRequestAsyncHookHandler },
) {
  app.post(
    '/charge_hotel_guarantee',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'charge_hotel_guarantee',
        tags: ['hotel operations'],
        security: [{ oauth2: ['admin'] }],
        summary: 'Charge a stay’s guarantee card for a no-show or a late cancellation (admin)',
        description:
          'For a booking of a rate paid at the hotel, whose card guarantee was kept when booked. `no_show`: a ' +
          'confirmed booking whose check-in day has begun in the hotel’s zone, charged at most what cancelling ' +
          'it would cost now by its rate’s terms (a non-refundable rate: all of it); the booking becomes ' +
          '`no_show`. `late_cancellation`: a cancelled booking, charged at most the penalty its cancellation ' +
          'recorded. `amount` (minor units) when less is charged. Once per booking: the charge becomes the ' +
          'booking’s `payment`, written to the ledger and invoiced; a declined card is 402 PAYMENT_DECLINED and ' +
          'changes nothing.',
        body: Type.Object(
          {
            booking_id: Type.String({ minLength: 4, maxLength: 64 }),
            reason: Type.Union([Type.Literal('no_show'), Type.Literal('late_cancellation')]),
            amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000_000 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Ref('HotelBooking'),
          ...errorResponses(
            'PART_OF_TRIP',
            'NOT_FOUND',
            'INVALID_STATE_TRANSITION',
            'CONFLICT',
            'PAYMENT_DECLINED',
            'UNAUTHENTICATED',
            'FORBIDDEN',
            'INSUFFICIENT_SCOPE',
          ),
        },
      },
    },
    async (request, reply) => {
      const { booking_id, reason, amount } = request.body;
      const { booking, etag } = await deps.guarantees.chargeGuarantee(
        principalOf(request),
        booking_id,
        reason,
        amount,
      );
      reply.header('etag', etag);
      return booking;
    },
  );
}
