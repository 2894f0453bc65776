import Type from 'typebox';
import type { PaymentInput } from './payment-types.ts';

export const PaymentInputSchema = Type.Union(
  [
    Type.Object(
      { type: Type.Literal('balance', { description: 'From the agency’s balance (agency users)' }) },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        type: Type.Literal('card'),
        card_token: Type.String({
          minLength: 1,
          maxLength: 100,
          description:
            'From POST /tokenize_card; the test gateway also takes `tok_visa` and the other test tokens',
          examples: ['tok_visa'],
        }),
      },
      { additionalProperties: false },
    ),
  ],
  {
    $id: 'PaymentInput',
    description:
      'How the booking is paid. A card is authorized at booking and captured when the booking is confirmed; ' +
      'the balance is debited when it is confirmed.',
  },
);

const CardSummarySchema = Type.Object({
  brand: Type.String({ examples: ['visa'] }),
  last4: Type.String({ examples: ['4242'] }),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
});

export const PaymentSummarySchema = Type.Object(
  {
    id: Type.String({ examples: ['pay_01jd6q3zv8y4kx2m9n0p1r'] }),
    method: Type.String({ enum: ['balance', 'card'] }),
    status: Type.String({
      enum: ['authorized', 'pending', 'paid', 'voided', 'refunded', 'partially_refunded'],
      description:
        '`authorized`: a card hold, taken at confirmation; `pending`: to be debited from the balance at ' +
        'confirmation; `paid`; `voided`: released without taking anything; `refunded`, `partially_refunded`',
    }),
    amount: Type.Integer({ description: 'Minor units of `currency` (the booking’s)' }),
    currency: Type.String(),
    paid_amount: Type.Integer(),
    refunded_amount: Type.Integer(),
    card: Type.Union([CardSummarySchema, Type.Null()]),
    charged: Type.Union(
      [
        Type.Object({
          amount: Type.Integer({ description: 'What the agency balance gave, in its currency' }),
          currency: Type.String(),
          exchange_rate: Type.Object({
            from: Type.String(),
            to: Type.String(),
            rate: Type.Number({ description: 'Major units of `to` per major unit of `from`' }),
            as_of: Type.String({ format: 'date' }),
          }),
        }),
        Type.Null(),
      ],
      { description: 'Set when the balance is in another currency than the booking' },
    ),
  },
  { $id: 'Payment' },
);

export const TokenizeCardRequestSchema = Type.Object(
  {
    number: Type.String({ pattern: '^[0-9]{12,19}$', description: 'Digits only; never stored or logged' }),
    exp_month: Type.Integer({ minimum: 1, maximum: 12 }),
    exp_year: Type.Integer({ minimum: 2000, maximum: 2100 }),
    cvc: Type.String({ pattern: '^[0-9]{3,4}$' }),
  },
  { additionalProperties: false },
);

export const CardTokenSchema = Type.Object({
  card_token: Type.String({ description: 'Pass as `payment.card_token`; valid for an hour, only for you' }),
  expires_at: Type.String({ format: 'date-time' }),
  ...CardSummarySchema.properties,
});

/**
 * How a request names its payment: a reference to the shared `PaymentInput` schema (one definition in the
 * OpenAPI document) that types as `PaymentInput`, so no route or service casts what it received.
 */
export const paymentInputRef = (options: { description?: string } = {}) =>
  Type.Unsafe<PaymentInput>(Type.Ref('PaymentInput', options));
