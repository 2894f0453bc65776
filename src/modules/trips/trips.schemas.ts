import Type, { type Static } from 'typebox';
import { TravellerLanguage } from '../../http/schemas.ts';
import { CalendarDate } from '../../http/traveller-schemas.ts';
import { PassengerInputSchema } from '../flights/index.ts';
import { paymentInputRef } from '../payments/index.ts';

const Money = Type.Object(
  { amount: Type.Integer({ minimum: 0 }), currency: Type.String({ pattern: '^[A-Z]{3}$' }) },
  { additionalProperties: false },
);

export const SearchTripsRequestSchema = Type.Object(
  {
    origin: Type.String({
      minLength: 3,
      maxLength: 24,
      description: 'Where the traveller flies from: an airport IATA code, or a city id (all its airports)',
      examples: ['LHR', 'cty_2643743'],
    }),
    destination: Type.Object(
      { city_id: Type.String({ minLength: 3, maxLength: 24, examples: ['cty_2988507'] }) },
      { additionalProperties: false, description: 'The city flown to and stayed in' },
    ),
    departure_date: CalendarDate,
    return_date: CalendarDate,
    travellers: Type.Object(
      {
        adults: Type.Integer({ minimum: 1, maximum: 9, examples: [2] }),
        children: Type.Optional(
          Type.Array(Type.Integer({ minimum: 0, maximum: 17 }), {
            maxItems: 8,
            description:
              'Each child’s age on the day of departure: 12–17 fly on an adult fare, 2–11 on a child’s, under 2 on a lap; ' +
              'all are children at the hotel',
            examples: [[7]],
          }),
        ),
      },
      { additionalProperties: false },
    ),
    rooms: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 4,
        default: 1,
        description: 'Rooms for the party: adults shared evenly, each child with the fewest so far',
      }),
    ),
    cabin: Type.Optional(
      Type.Union(
        [
          Type.Literal('economy'),
          Type.Literal('premium_economy'),
          Type.Literal('business'),
          Type.Literal('first'),
        ],
        { default: 'economy' },
      ),
    ),
    max_connections: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, default: 1 })),
    filters: Type.Optional(
      Type.Object(
        {
          stars: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 5 }), { maxItems: 5 })),
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
          refundable_only: Type.Optional(
            Type.Boolean({ description: 'Only stays that can be cancelled free at first' }),
          ),
          max_total_amount: Type.Optional(
            Type.Integer({ minimum: 1, description: 'In minor units of the packages’ currency' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { $id: 'SearchTripsRequest', additionalProperties: false },
);
export type SearchTripsRequest = Static<typeof SearchTripsRequestSchema>;

export const TripPackageSchema = Type.Object(
  {
    package_id: Type.String({ description: 'Signed; book it with POST /book_trip before `expires_at`' }),
    expires_at: Type.String({ format: 'date-time' }),
    total_amount: Type.Integer({
      description: 'The one price of flights and stay, in minor units of `currency`',
    }),
    currency: Type.String({
      description: 'The flights’: a stay priced in another is converted at today’s rates',
    }),
    stay: Type.Object({
      check_in: CalendarDate,
      check_out: CalendarDate,
      nights: Type.Integer(),
    }),
    flight: Type.Ref('FlightOffer', { description: 'The cheapest flights that fit this stay' }),
    hotel: Type.Ref('HotelResult', { description: 'The hotel, with the one option the package pairs' }),
    hotel_amount: Type.Object(
      { amount: Type.Integer(), currency: Type.String() },
      { description: 'What the stay adds to the package, in the package’s currency' },
    ),
    flight_alternatives: Type.Integer({
      description: 'Other flight offers found for the same stay (search_flight shows them)',
    }),
  },
  { $id: 'TripPackage' },
);

export const SearchTripsResponseSchema = Type.Object(
  {
    data: Type.Array(Type.Ref('TripPackage')),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
    total_count: Type.Integer({ description: 'Packages found over all pages' }),
  },
  { $id: 'SearchTripsResponse' },
);

export const BookTripRequestSchema = Type.Object(
  {
    package_id: Type.String({ minLength: 10, maxLength: 16_000 }),
    passengers: Type.Array(PassengerInputSchema, {
      minItems: 1,
      maxItems: 17,
      description:
        'Everyone travelling, as for book_flight; they are the hotel’s guests too, the first adult the holder. ' +
        'They share the rooms as searched (adults in order, each child in a room searched with their age)',
    }),
    contact: Type.Object(
      {
        email: Type.String({ format: 'email', maxLength: 254, examples: ['traveller@example.com'] }),
        phone: Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' }),
        language: TravellerLanguage,
      },
      { additionalProperties: false },
    ),
    special_requests: Type.Optional(
      Type.String({ maxLength: 500, description: 'Free text passed to the hotel; not guaranteed' }),
    ),
    expected_total: Type.Object(Money.properties, {
      additionalProperties: false,
      description: 'The package’s total as searched; a different price now answers 409 PRICE_CHANGED',
    }),
    payment: paymentInputRef({
      description: 'One payment for the whole trip: a card (authorized and captured) or the agency balance',
    }),
  },
  { $id: 'BookTripRequest', additionalProperties: false },
);
export type BookTripRequest = Static<typeof BookTripRequestSchema>;

export const TripSchema = Type.Object(
  {
    id: Type.String({ examples: ['trp_01JD…'] }),
    product: Type.Literal('trip'),
    reference: Type.String({ description: 'Seven characters', examples: ['K7PX3MQ'] }),
    status: Type.Union([Type.Literal('confirmed'), Type.Literal('cancelled')]),
    total_amount: Type.Integer({ description: 'What the trip was sold for, in minor units' }),
    currency: Type.String(),
    refund_amount: Type.Union([Type.Integer(), Type.Null()], { description: 'Given back when cancelled' }),
    flight_booking_id: Type.String(),
    hotel_booking_id: Type.String(),
    hotel_amount: Type.Object(
      { amount: Type.Integer(), currency: Type.String() },
      {
        description:
          'The stay’s share of the total, in the trip’s currency (its own is on the hotel booking)',
      },
    ),
    contact: Type.Object({ email: Type.String(), phone: Type.String() }),
    payment: Type.Union([Type.Ref('Payment'), Type.Null()]),
    allowed_actions: Type.Array(Type.String(), {
      description:
        'What can be done to the trip now: `cancel` (quote_cancellation, then cancel_booking), ' +
        '`accept_schedule_change` (accept_trip_change)',
    }),
    schedule_change: Type.Optional(
      Type.Object(
        {
          stay: Type.Union([Type.Object({ check_in: CalendarDate, check_out: CalendarDate }), Type.Null()], {
            description: 'The stay the new times call for; null when it stays as booked',
          }),
          hotel_total: Type.Union(
            [Type.Object({ amount: Type.Integer(), currency: Type.String() }), Type.Null()],
            {
              description: 'The stay at its new dates, at today’s rates, in the hotel’s currency',
            },
          ),
          total_amount: Type.Union([Type.Integer(), Type.Null()], {
            description: 'The trip’s total once accepted: the expected_total of accept_trip_change',
          }),
          currency: Type.String(),
          problem: Type.Union([Type.String(), Type.Null()], {
            description:
              'Why the stay cannot move to match (a night sold out): cancel the trip, or ask the seller',
          }),
        },
        {
          description:
            'While the flights have a schedule change (`parts.flight.schedule_change`): what accepting it does to ' +
            'the trip. POST /accept_trip_change takes the new times and moves the stay, in one change',
        },
      ),
    ),
    parts: Type.Optional(
      Type.Object(
        { flight: Type.Ref('FlightBooking'), hotel: Type.Ref('HotelBooking') },
        {
          description:
            'GET /booking: both bookings as they are now (each tells its own events); trip events carry the trip ' +
            'without them',
        },
      ),
    ),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    cancelled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Trip' },
);
export type TripView = Static<typeof TripSchema>;

export const AcceptTripChangeRequestSchema = Type.Object(
  {
    booking_id: Type.String({ minLength: 4, maxLength: 64, description: 'The trip (`trp_…`)' }),
    expected_total: Type.Object(Money.properties, {
      additionalProperties: false,
      description:
        'The trip’s total once accepted, as GET /booking shows it in `schedule_change.total_amount`',
    }),
  },
  { $id: 'AcceptTripChangeRequest', additionalProperties: false },
);
