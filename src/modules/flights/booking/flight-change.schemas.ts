import Type, { type Static } from 'typebox';
import { paymentInputRef } from '../../payments/index.ts';
import { SliceSchema } from '../search/search-flight.schemas.ts';

export const SearchChangesRequestSchema = Type.Object(
  {
    booking_id: Type.String({ minLength: 4, maxLength: 64 }),
    slices: Type.Array(
      Type.Object(
        {
          slice: Type.Integer({ minimum: 0, maximum: 5, description: 'The slice to replace, from 0' }),
          departure_date: Type.String({ format: 'date', description: 'The new date, local at the origin' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 6 },
    ),
    max_connections: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, default: 1 })),
  },
  { $id: 'SearchChangesRequest', additionalProperties: false },
);

export const ChangeOfferSchema = Type.Object(
  {
    id: Type.String({ description: 'Signed; give it to POST /change_booking before expires_at' }),
    booking_id: Type.String(),
    expires_at: Type.String({ format: 'date-time' }),
    involuntary: Type.Boolean({
      description: 'A re-accommodation after the airline’s change: no fare difference, no penalty',
    }),
    changed_slices: Type.Array(Type.Integer()),
    slices: Type.Array(SliceSchema, { description: 'The whole itinerary after the change' }),
    fare_difference_amount: Type.Integer({ description: 'New fares less those paid (negative: cheaper)' }),
    penalty_amount: Type.Integer({ description: 'The fare’s change penalty for all seated passengers' }),
    forfeited_services_amount: Type.Integer({
      description: 'Seat fees on the flights given up, not refunded',
    }),
    residual_refund_amount: Type.Integer({
      description: 'Of a cheaper itinerary, what is given back (refundable fares only)',
    }),
    change_total_amount: Type.Integer({ description: 'What the change costs now; negative is a refund' }),
    new_total_amount: Type.Integer({
      description: 'The booking’s total afterwards: expected_total of change_booking',
    }),
    currency: Type.String(),
  },
  { $id: 'ChangeOffer' },
);

export const SearchChangesResponseSchema = Type.Object(
  { booking_id: Type.String(), data: Type.Array(Type.Ref('ChangeOffer')) },
  { $id: 'SearchChangesResponse' },
);

export const ChangeBookingRequestSchema = Type.Object(
  {
    change_offer_id: Type.String({ minLength: 10, maxLength: 4000 }),
    expected_total: Type.Object(
      { amount: Type.Integer({ minimum: 0 }), currency: Type.String({ pattern: '^[A-Z]{3}$' }) },
      {
        additionalProperties: false,
        description: 'The booking’s new total from the change offer; another answers 409 PRICE_CHANGED',
      },
    ),
    payment: Type.Optional(
      paymentInputRef({
        description: 'How to pay a dearer total: by default what paid the booking (its card, or the balance)',
      }),
    ),
  },
  { $id: 'ChangeBookingRequest', additionalProperties: false },
);

export type SearchChangesRequest = Static<typeof SearchChangesRequestSchema>;
export type ChangeBookingRequest = Static<typeof ChangeBookingRequestSchema>;
