import Type, { type Static } from 'typebox';

const CalendarDate = Type.String({ format: 'date', examples: ['2026-12-14'] });

export const RoomRequestSchema = Type.Object(
  {
    adults: Type.Integer({ minimum: 1, maximum: 8, examples: [2] }),
    children: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0, maximum: 17 }), {
        maxItems: 6,
        description: 'Age of each child on arrival',
        examples: [[4]],
      }),
    ),
  },
  { additionalProperties: false },
);

export const SearchHotelsRequestSchema = Type.Object(
  {
    destination: Type.Union(
      [
        Type.Object({ city_id: Type.String({ examples: ['cty_2643743'] }) }, { additionalProperties: false }),
        Type.Object(
          { hotel_ids: Type.Array(Type.String(), { minItems: 1, maxItems: 100 }) },
          { additionalProperties: false },
        ),
        Type.Object(
          {
            latitude: Type.Number({ minimum: -90, maximum: 90 }),
            longitude: Type.Number({ minimum: -180, maximum: 180 }),
            radius_km: Type.Optional(
              Type.Number({ exclusiveMinimum: 0, maximum: 50, description: 'Default 5' }),
            ),
          },
          { additionalProperties: false },
        ),
      ],
      { description: 'A city, a list of hotel ids, or a point and radius (at most 50 km)' },
    ),
    check_in: CalendarDate,
    check_out: CalendarDate,
    rooms: Type.Array(RoomRequestSchema, { minItems: 1, maxItems: 8 }),
    filters: Type.Optional(
      Type.Object(
        {
          stars: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 5 }), { maxItems: 5 })),
          min_total_amount: Type.Optional(Type.Integer({ minimum: 0 })),
          max_total_amount: Type.Optional(Type.Integer({ minimum: 0 })),
          boards: Type.Optional(
            Type.Array(
              Type.Union([
                Type.Literal('room_only'),
                Type.Literal('bed_and_breakfast'),
                Type.Literal('half_board'),
                Type.Literal('full_board'),
                Type.Literal('all_inclusive'),
              ]),
            ),
          ),
          amenities: Type.Optional(
            Type.Array(Type.String({ maxLength: 40 }), {
              maxItems: 12,
              description: 'Hotels with all of these',
            }),
          ),
          refundable_only: Type.Optional(Type.Boolean()),
          name: Type.Optional(
            Type.String({ minLength: 1, maxLength: 100, description: 'Text in the hotel name' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    sort: Type.Optional(
      Type.Union(
        [
          Type.Literal('price'),
          Type.Literal('-price'),
          Type.Literal('stars'),
          Type.Literal('-stars'),
          Type.Literal('distance'),
        ],
        {
          default: 'price',
          description:
            'A key sorts ascending, `-key` descending: price (cheapest first), -price, stars (fewest first), ' +
            '-stars (most first), distance (nearest first). Before Itinera-Version 2026-11-23, stars and ' +
            '-stars meant the reverse.',
        },
      ),
    ),
    currency: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{3}$',
        examples: ['USD'],
        description:
          'ISO 4217 code to show prices in (`cheapest_in_currency`) and that the price filters are in. ' +
          'Hotels keep their own currency for booking; the conversion uses the rates in force (GET /exchange_rates) of ' +
          '`exchange_rates_as_of`. Without it the price filters are in the hotels’ currency, and a search ' +
          'whose hotels are priced in several currencies needs it to filter by price. Sorting by price ' +
          'always compares through the rates.',
      }),
    ),
    options: Type.Optional(
      Type.Union([Type.Literal('cheapest_per_room_type'), Type.Literal('all')], {
        default: 'cheapest_per_room_type',
        description:
          'Which options each hotel carries: the cheapest of each room type (the default; a page of 20 ' +
          'hotels stays small), or every room type and rate plan that fits. `options_count` says how many ' +
          'there are; ask for one hotel’s with `destination: {hotel_ids: [id]}` and `options: "all"`.',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { $id: 'SearchHotelsRequest', additionalProperties: false },
);
export type SearchHotelsRequest = Static<typeof SearchHotelsRequestSchema>;

export const CancellationSchema = Type.Object({
  refundable: Type.Boolean(),
  free_cancellation_until: Type.Union([Type.String(), Type.Null()], {
    description: 'Local time in the hotel’s zone, with offset',
  }),
  timeline: Type.Array(
    Type.Object({ from: Type.Union([Type.String(), Type.Null()]), penalty_amount: Type.Integer() }),
  ),
});

export const HotelOptionSchema = Type.Object({
  rate_key: Type.String({ description: 'Signed; pass it to check_rate before booking' }),
  expires_at: Type.String({ format: 'date-time' }),
  room_type: Type.Object({
    code: Type.String(),
    name: Type.String(),
    beds: Type.String(),
    size_m2: Type.Integer(),
    max_occupancy: Type.Integer(),
    amenities: Type.Array(Type.String()),
  }),
  rate_plan: Type.Object({ code: Type.String(), name: Type.String() }),
  board: Type.String(),
  payment_type: Type.String({
    enum: ['pay_now', 'pay_at_hotel'],
    description:
      '`pay_now`: paid when booked; `pay_at_hotel`: the guest pays the hotel, nothing is taken here',
  }),
  total_amount: Type.Integer({ description: 'For every room and night, VAT included, in minor units' }),
  currency: Type.String(),
  tax_included_amount: Type.Integer(),
  payable_at_hotel_amount: Type.Integer({ description: 'City tax, paid at the hotel, not included' }),
  nightly: Type.Array(
    Type.Object({ date: CalendarDate, amount: Type.Integer({ description: 'All rooms, that night' }) }),
  ),
  cancellation: CancellationSchema,
  rooms_left: Type.Integer({ description: 'Rooms of this type still for sale on the fullest night' }),
  pricing: Type.Optional(
    Type.Ref('PricingRecord', {
      description: 'Agents and admins: the net, the markup and the commission the selling agency earns',
    }),
  ),
});

export const HotelResultSchema = Type.Object(
  {
    hotel: Type.Object({
      id: Type.String(),
      name: Type.String(),
      stars: Type.Integer(),
      chain: Type.Union([Type.String(), Type.Null()]),
      address: Type.String(),
      city_id: Type.String(),
      city_name: Type.String(),
      latitude: Type.Number(),
      longitude: Type.Number(),
      time_zone: Type.String(),
      check_in_time: Type.String(),
      check_out_time: Type.String(),
      amenities: Type.Array(Type.String()),
      image: Type.Union([Type.String(), Type.Null()]),
      review_score: Type.Union([Type.Number(), Type.Null()], {
        description: 'Guests’ published reviews: their average out of 10, one decimal; null with none yet',
      }),
      review_count: Type.Integer({ description: 'How many published reviews (GET /hotel_reviews)' }),
    }),
    distance_km: Type.Union([Type.Number(), Type.Null()], {
      description: 'From the search point, or from the city centre',
    }),
    points_of_interest: Type.Array(
      Type.Object({
        type: Type.Union([
          Type.Literal('city_centre'),
          Type.Literal('main_station'),
          Type.Literal('airport'),
        ]),
        name: Type.String({ examples: ['Paris Gare du Nord'] }),
        code: Type.Union([Type.String(), Type.Null()], { description: "The airport's IATA code" }),
        distance_km: Type.Number({ description: 'Great-circle distance from the hotel' }),
      }),
      {
        description:
          "How far the hotel is from its city's centre, main station (where known) and busiest airport",
      },
    ),
    cheapest_total_amount: Type.Integer(),
    currency: Type.String(),
    cheapest_in_currency: Type.Optional(
      Type.Object(
        {
          amount: Type.Union([Type.Integer(), Type.Null()], { description: 'Null when no rate is known' }),
          currency: Type.String(),
        },
        { description: 'With `currency` in the request: the cheapest total converted, for display' },
      ),
    ),
    options: Type.Array(HotelOptionSchema, {
      description:
        'Cheapest first: by default the cheapest of each room type, every one with `options: "all"`',
    }),
    options_count: Type.Integer({
      description: 'Bookable options of the hotel for the stay and filters, shown or not',
    }),
  },
  { $id: 'HotelResult' },
);

export const SearchHotelsResponseSchema = Type.Object(
  {
    data: Type.Array(Type.Ref('HotelResult')),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
    total_count: Type.Integer({ description: 'Hotels with at least one bookable option, over all pages' }),
    exchange_rates_as_of: Type.Optional(
      Type.String({ description: 'With `currency` in the request: the date of the rates used' }),
    ),
  },
  { $id: 'SearchHotelsResponse' },
);
