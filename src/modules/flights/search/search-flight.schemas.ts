import Type, { type Static } from 'typebox';
import { AvailableServicesSchema } from '../ancillaries/ancillaries.schemas.ts';

const Place = Type.String({
  minLength: 3,
  maxLength: 24,
  description: 'An airport IATA code, or a city id from /b2c/cities (all its airports)',
  examples: ['LHR', 'cty_2643743'],
});
const CalendarDate = Type.String({ format: 'date', examples: ['2026-12-14'] });
const TimeWindow = Type.Object(
  {
    from: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', examples: ['06:00'] }),
    to: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', examples: ['12:00'] }),
  },
  { description: 'Local time window, inclusive; a `from` after `to` wraps past midnight (22:00–02:00)' },
);
export const CabinSchema = Type.Union(
  [Type.Literal('economy'), Type.Literal('premium_economy'), Type.Literal('business'), Type.Literal('first')],
  { default: 'economy' },
);

export const PassengersSchema = Type.Object(
  {
    adults: Type.Integer({ minimum: 1, maximum: 9, examples: [2] }),
    children: Type.Optional(
      Type.Array(Type.Integer({ minimum: 2, maximum: 11 }), {
        maxItems: 8,
        description: 'Age of each child (2–11) on the travel date',
        examples: [[7]],
      }),
    ),
    infants: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 9,
        description: 'Under 2, on an adult’s lap; at most one per adult',
      }),
    ),
  },
  { additionalProperties: false },
);

export const SearchFlightRequestSchema = Type.Object(
  {
    slices: Type.Array(
      Type.Object(
        {
          origin: Place,
          destination: Place,
          departure_date: CalendarDate,
          departure_time: Type.Optional(TimeWindow),
          arrival_time: Type.Optional(TimeWindow),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: 6,
        description: 'One slice: one-way; two, back to the start: return; up to six: multi-city',
      },
    ),
    passengers: PassengersSchema,
    cabin: Type.Optional(CabinSchema),
    max_connections: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, default: 1 })),
    max_layover_minutes: Type.Optional(Type.Integer({ minimum: 60, maximum: 1440, default: 360 })),
    airlines: Type.Optional(
      Type.Object(
        {
          include: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Z0-9]{2}$' }), { maxItems: 20 })),
          exclude: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Z0-9]{2}$' }), { maxItems: 20 })),
        },
        { additionalProperties: false },
      ),
    ),
    max_total_amount: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Minor units of `currency` when given, otherwise of the offers’ currency',
      }),
    ),
    currency: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{3}$',
        examples: ['USD'],
        description:
          'ISO 4217 code to show totals in (`total_in_currency`) and that `max_total_amount` is in. Offers keep ' +
          'their fares’ currency for booking; the conversion uses the rates in force (GET /exchange_rates) of ' +
          '`exchange_rates_as_of`. Offers priced in several currencies need it to filter by price; sorting by ' +
          'price always compares through the rates.',
      }),
    ),
    sort: Type.Optional(
      Type.Union([Type.Literal('price'), Type.Literal('duration'), Type.Literal('departure')], {
        default: 'price',
      }),
    ),
    flexible_days: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 3,
        default: 0,
        description: 'Also price dates up to this many days either side: the `calendar`',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { $id: 'SearchFlightRequest', additionalProperties: false },
);
export type SearchFlightRequest = Static<typeof SearchFlightRequestSchema>;

const Money = (description: string) =>
  Type.Integer({ description: `${description}, in minor units of the currency` });

const SegmentSchema = Type.Object({
  flight_id: Type.String({
    description: 'The scheduled flight; with departure_date it names the dated flight',
  }),
  departure_date: CalendarDate,
  carrier: Type.String({ examples: ['BA'] }),
  carrier_name: Type.String({ examples: ['British Airways'] }),
  flight_number: Type.String({ examples: ['BA117'] }),
  aircraft: Type.String({ description: 'IATA aircraft type', examples: ['789'] }),
  origin: Type.String(),
  destination: Type.String(),
  departing_at: Type.String({
    description: 'Local time with UTC offset',
    examples: ['2026-12-14T09:15:00+00:00'],
  }),
  arriving_at: Type.String({ examples: ['2026-12-14T12:40:00-05:00'] }),
  origin_time_zone: Type.String({ examples: ['Europe/London'] }),
  destination_time_zone: Type.String({ examples: ['America/New_York'] }),
  duration_minutes: Type.Integer(),
  connection_minutes: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Time on the ground before the next segment',
  }),
});

export const SliceSchema = Type.Object({
  origin: Type.String(),
  destination: Type.String(),
  departure_date: CalendarDate,
  duration_minutes: Type.Integer(),
  connections: Type.Integer(),
  segments: Type.Array(SegmentSchema),
});

const Condition = Type.Object({
  allowed: Type.Boolean(),
  penalty_amount: Type.Union([Type.Integer(), Type.Null()], { description: 'Per passenger' }),
  penalty_currency: Type.Union([Type.String(), Type.Null()]),
});

export const PassengerPriceSchema = Type.Object({
  type: Type.String({ enum: ['adult', 'child', 'infant'] }),
  count: Type.Integer(),
  base_amount: Money('Base fare per passenger'),
  tax_amount: Money('Taxes per passenger'),
  total_amount: Money('Total per passenger'),
});

export const OfferSchema = Type.Object(
  {
    id: Type.String({
      description: 'Opaque, signed; book it before expires_at',
      examples: ['off_WyJlY29ub215Ii…'],
    }),
    expires_at: Type.String({ format: 'date-time' }),
    cabin: Type.String(),
    brand: Type.String({ examples: ['standard'] }),
    total_amount: Money('What the booking costs'),
    total_currency: Type.String({ examples: ['EUR'] }),
    total_in_currency: Type.Optional(
      Type.Object(
        {
          amount: Type.Union([Type.Integer(), Type.Null()], {
            description: 'Null when no rate is known for the offer’s currency',
          }),
          currency: Type.String(),
        },
        { description: 'With `currency` in the request: the total converted, for display' },
      ),
    ),
    base_amount: Money('Fares'),
    tax_amount: Money('Taxes'),
    passengers: Type.Array(PassengerPriceSchema),
    conditions: Type.Object({ change: Condition, refund: Condition }),
    baggage: Type.Object(
      { checked: Type.Integer(), cabin: Type.Integer() },
      { description: 'Pieces per passenger' },
    ),
    available_services: AvailableServicesSchema,
    seats_left: Type.Integer({ description: 'Seats left at the moment of search on the fullest flight' }),
    pricing: Type.Optional(
      Type.Ref('PricingRecord', {
        description: 'Agents and admins: the net, the markup and the commission the selling agency earns',
      }),
    ),
    slices: Type.Array(SliceSchema),
  },
  { $id: 'FlightOffer' },
);

export const SearchFlightResponseSchema = Type.Object(
  {
    data: Type.Array(Type.Ref('FlightOffer')),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
    total_count: Type.Integer({
      description: 'Offers over all pages (a lower bound when total_count_capped)',
    }),
    total_count_capped: Type.Boolean({
      description:
        'True when more offers exist than the search keeps: it keeps the cheapest 256 options a slice and, ' +
        'on trips of several slices, the cheapest few per slice and brand, and it stops at its work bound ' +
        '(day-long layovers with two connections). Narrow the search (times, airlines, fewer connections) ' +
        'to see the rest.',
    }),
    exchange_rates_as_of: Type.Optional(
      Type.String({ format: 'date', description: 'With `currency`: the date of the rates converted at' }),
    ),
    calendar: Type.Optional(
      Type.Array(
        Type.Object({
          departure_dates: Type.Array(CalendarDate),
          lowest_total_amount: Type.Union([Type.Integer(), Type.Null()]),
          currency: Type.Union([Type.String(), Type.Null()], {
            description: 'The currency of that day’s fares, which may differ from day to day',
          }),
          lowest_total_in_currency: Type.Optional(
            Type.Object(
              {
                amount: Type.Union([Type.Integer(), Type.Null()]),
                currency: Type.String(),
              },
              {
                description:
                  'With `currency`: the lowest total converted to it, as offers’ `total_in_currency`',
              },
            ),
          ),
        }),
        { description: 'With flexible_days: the lowest total for each date combination' },
      ),
    ),
  },
  { $id: 'SearchFlightResponse' },
);
