import Type from 'typebox';
import { CHANNELS, PRODUCTS } from './pricing-rules.ts';
import { MAX_MARKUP_PERCENT } from './rule-input.ts';

const nullable = (schema: Parameters<typeof Type.Union>[0][number]) => Type.Union([schema, Type.Null()]);
const date = Type.String({ format: 'date', maxLength: 10 });

const ScopeSchema = Type.Object(
  {
    product: Type.Optional(nullable(Type.String({ enum: [...PRODUCTS] }))),
    channel: Type.Optional(
      nullable(
        Type.String({
          enum: [...CHANNELS],
          description: '`agency`: sold by an agency’s user; `customer`: anyone else',
        }),
      ),
    ),
    agency_id: Type.Optional(nullable(Type.String({ maxLength: 64 }))),
    carrier: Type.Optional(
      nullable(Type.String({ pattern: '^[A-Z0-9]{2}$', description: 'Flights: the first flight’s carrier' })),
    ),
    origin: Type.Optional(
      nullable(
        Type.String({ pattern: '^[A-Z]{3}$', description: 'Flights: the first slice’s origin airport' }),
      ),
    ),
    destination: Type.Optional(
      nullable(
        Type.String({ pattern: '^[A-Z]{3}$', description: 'Flights: the first slice’s destination airport' }),
      ),
    ),
    city_id: Type.Optional(nullable(Type.String({ maxLength: 64, description: 'Hotels: the hotel’s city' }))),
    hotel_id: Type.Optional(nullable(Type.String({ maxLength: 64 }))),
    travel_from: Type.Optional(nullable(date)),
    travel_to: Type.Optional(nullable(date)),
  },
  {
    additionalProperties: false,
    description:
      'What the rule applies to; an absent or null field matches anything. Travel dates are the first departure or ' +
      'the check-in, inclusive.',
  },
);

const MoneySchema = Type.Object(
  {
    amount: Type.Integer({ minimum: 0, maximum: 1e12, description: 'Minor units of the currency' }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  },
  { additionalProperties: false },
);

export const RuleInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scope: Type.Optional(ScopeSchema),
    markup_percent: Type.Optional(
      Type.Number({ minimum: 0, maximum: MAX_MARKUP_PERCENT, description: 'Of the net; up to two decimals' }),
    ),
    markup_fixed: Type.Optional(
      nullable({
        ...MoneySchema,
        description:
          'Added per passenger (flights) or per room-night (hotels), converted at the rates in force when the price ' +
          'is in another currency',
      }),
    ),
    commission_percent: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 100,
        description:
          'Of the selling price before taxes, credited to the selling agency’s account with the sale',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PricingRuleSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    version: Type.Integer(),
    scope: Type.Object({
      product: nullable(Type.String()),
      channel: nullable(Type.String()),
      agency_id: nullable(Type.String()),
      carrier: nullable(Type.String()),
      origin: nullable(Type.String()),
      destination: nullable(Type.String()),
      city_id: nullable(Type.String()),
      hotel_id: nullable(Type.String()),
      travel_from: nullable(Type.String()),
      travel_to: nullable(Type.String()),
    }),
    markup_percent: Type.Number(),
    markup_fixed: nullable(MoneySchema),
    commission_percent: Type.Number(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    retired_at: nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'PricingRule' },
);

/** How a price was made, as bookings and offers show it to agents and admins (never to customers). */
export const PricingRecordSchema = Type.Object(
  {
    rule_id: nullable(Type.String()),
    rule_version: Type.Optional(nullable(Type.Integer())),
    net_amount: Type.Integer({ description: 'What the price is before the markup' }),
    markup_amount: Type.Integer(),
    commission_amount: Type.Integer({ description: 'What the selling agency earns; 0 for customers' }),
  },
  { $id: 'PricingRecord' },
);

export const PRICING_SCHEMAS = [PricingRuleSchema, PricingRecordSchema];
