import Type, { type Static } from 'typebox';

const SORT_KEYS = ['created_at', 'check_in', 'check_out', 'departure'] as const;

const DateRange = (description: string, format: 'date' | 'date-time') =>
  Type.Object(
    {
      from: Type.Optional(Type.String(format === 'date' ? { format } : { maxLength: 40 })),
      to: Type.Optional(Type.String(format === 'date' ? { format } : { maxLength: 40 })),
    },
    { additionalProperties: false, description },
  );
const Instants = (what: string) =>
  DateRange(`${what}; date-times, or dates meaning whole UTC days; inclusive`, 'date-time');
const hotelOnly = (description: string) => `Hotel bookings: ${description}`;

export const SearchBookingRequestSchema = Type.Object(
  {
    product: Type.Optional(
      Type.Union([Type.Literal('hotel'), Type.Literal('flight'), Type.Literal('trip')], {
        description:
          'Which bookings to search; each takes the criteria that apply to it. Left out, the criteria tell: a ' +
          'reference of six characters, `departure` or a status only flights have (held, expired, disrupted, ' +
          'schedule_changed) mean flight bookings; seven characters, trips (a flight and a stay sold together: ' +
          'reference, statuses and sort only); otherwise hotel bookings',
      }),
    ),
    reference: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9]{6,8}$',
        description: 'Eight characters (hotel), seven (trip) or six (flight)',
      }),
    ),
    client_reference: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: hotelOnly('your own reference') }),
    ),
    name: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 120,
        description: 'Text in a holder’s, guest’s or passenger’s full name; case and accents ignored',
      }),
    ),
    hotel_id: Type.Optional(Type.String({ maxLength: 64, description: hotelOnly('one hotel') })),
    city_id: Type.Optional(Type.String({ maxLength: 64, description: hotelOnly('one city') })),
    statuses: Type.Optional(
      Type.Array(
        Type.Union([
          Type.Literal('held'),
          Type.Literal('confirmed'),
          Type.Literal('cancelled'),
          Type.Literal('expired'),
          Type.Literal('disrupted'),
          Type.Literal('schedule_changed'),
          Type.Literal('no_show'),
        ]),
        {
          minItems: 1,
          maxItems: 7,
          description:
            'Hotel: held, confirmed, cancelled, expired, no_show. Flight: held, confirmed, cancelled, expired, disrupted, ' +
            'schedule_changed. Without `product`, a status only flights have (disrupted, schedule_changed) means ' +
            'flight bookings, and so do held and expired alone, as before hotels could be held; name `product: ' +
            'hotel` for hotel holds',
        },
      ),
    ),
    created_at: Type.Optional(Instants('When booked')),
    check_in: Type.Optional(DateRange(hotelOnly('check-in dates, inclusive'), 'date')),
    check_out: Type.Optional(DateRange(hotelOnly('check-out dates, inclusive'), 'date')),
    cancellation_deadline: Type.Optional(
      Instants(hotelOnly('when free cancellation ends (bookings never free to cancel do not match)')),
    ),
    departure: Type.Optional(Instants('Flight bookings: the first departure')),
    sort: Type.Optional(
      Type.Unsafe<`${'' | '-'}${(typeof SORT_KEYS)[number]}`>(
        Type.Union(
          SORT_KEYS.flatMap((k) => [Type.Literal(k), Type.Literal(`-${k}`)]),
          {
            default: '-created_at',
            description:
              'A leading minus sorts newest / latest first. Hotel: created_at, check_in, check_out. Flight: created_at, departure',
          },
        ),
      ),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    cursor: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { $id: 'SearchBookingRequest', additionalProperties: false },
);

export const SearchBookingResponseSchema = Type.Object(
  {
    data: Type.Array(Type.Union([Type.Ref('HotelBooking'), Type.Ref('FlightBooking'), Type.Ref('Trip')]), {
      description: 'Of the product searched, without events; GET /booking has them',
    }),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
    total_count: Type.Integer({ description: 'Matching bookings over all pages' }),
  },
  { $id: 'SearchBookingResponse' },
);

export type SearchBookingRequest = Static<typeof SearchBookingRequestSchema>;
