import Type, { type Static } from 'typebox';
import { TravellerLanguage } from '../../../http/schemas.ts';
import {
  CalendarDate,
  DocumentSchema,
  GenderSchema,
  LoyaltyAccountsSchema,
  PersonName,
  TitleSchema,
} from '../../../http/traveller-schemas.ts';
import { paymentInputRef } from '../../payments/index.ts';
import {
  AvailableServicesSchema,
  BookingBagsSchema,
  BookingSeatsSchema,
} from '../ancillaries/ancillaries.schemas.ts';
import { PassengerPriceSchema, SliceSchema } from '../search/search-flight.schemas.ts';
import { SPECIAL_REQUEST_CODES, SPECIAL_REQUESTS } from './special-requests.ts';

const Name = PersonName;

const SpecialRequestsSchema = Type.Array(
  Type.Union(
    SPECIAL_REQUEST_CODES.map((code) => Type.Literal(code, { description: SPECIAL_REQUESTS[code] })),
  ),
  {
    maxItems: 6,
    description:
      'IATA special service requests, free and passed to the operator: assistance (WCHR, WCHS, WCHC, BLND, DEAF, ' +
      'DPNA) and one meal (VGML, VLML, AVML, KSML, MOML, HNML, DBML, GFML, LFML, NLML, CHML for a child, BBML for an infant)',
  },
);

export const PassengerInputSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('adult'), Type.Literal('child'), Type.Literal('infant')]),
    title: TitleSchema,
    given_name: Name,
    family_name: Name,
    gender: GenderSchema,
    born_on: CalendarDate,
    document: Type.Optional(DocumentSchema),
    special_requests: Type.Optional(SpecialRequestsSchema),
    loyalty_accounts: Type.Optional(LoyaltyAccountsSchema),
  },
  { additionalProperties: false },
);

const ContactSchema = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254, examples: ['traveller@example.com'] }),
    phone: Type.String({
      pattern: '^\\+[1-9][0-9]{6,14}$',
      description: 'E.164',
      examples: ['+442071234567'],
    }),
    language: TravellerLanguage,
  },
  { additionalProperties: false },
);

export const BookFlightRequestSchema = Type.Object(
  {
    offer_id: Type.String({ minLength: 10, maxLength: 4000 }),
    type: Type.Optional(
      Type.Union([Type.Literal('instant'), Type.Literal('hold')], {
        default: 'instant',
        description: 'instant: ticketed now; hold: seats kept until hold_expires_at, then confirm_booking',
      }),
    ),
    passengers: Type.Array(PassengerInputSchema, { minItems: 1, maxItems: 18 }),
    contact: ContactSchema,
    expected_total: Type.Object(
      { amount: Type.Integer({ minimum: 0 }), currency: Type.String({ pattern: '^[A-Z]{3}$' }) },
      {
        additionalProperties: false,
        description:
          'The total the client agreed to, seats and bags included; a different current price answers 409 PRICE_CHANGED',
      },
    ),
    seats: Type.Optional(BookingSeatsSchema),
    bags: Type.Optional(BookingBagsSchema),
    payment: Type.Optional(
      paymentInputRef({
        description:
          'Required for an instant booking. A hold may carry a card (authorized now, captured at confirm_booking) ' +
          'or the balance (debited at confirm_booking), or nothing: pay it later with POST /pay_booking.',
      }),
    ),
  },
  { $id: 'BookFlightRequest', additionalProperties: false },
);

const Condition = Type.Object({
  allowed: Type.Boolean(),
  penalty_amount: Type.Union([Type.Integer(), Type.Null()]),
  penalty_currency: Type.Union([Type.String(), Type.Null()]),
});

export const FlightBookingSchema = Type.Object(
  {
    id: Type.String({ examples: ['bkg_8f3k2m9x4q1w8e5r3t7y6u2i'] }),
    reference: Type.String({ description: 'Six characters, for people', examples: ['K7PX3M'] }),
    product: Type.Literal('flight'),
    status: Type.String({
      enum: ['held', 'confirmed', 'cancelled', 'expired', 'disrupted', 'schedule_changed'],
    }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    hold_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    cabin: Type.String(),
    brand: Type.String(),
    slices: Type.Array(SliceSchema),
    passengers: Type.Array(
      Type.Object({
        id: Type.String(),
        type: Type.String(),
        title: Type.String(),
        given_name: Type.String(),
        family_name: Type.String(),
        gender: Type.String(),
        born_on: CalendarDate,
        document: Type.Union([
          Type.Object({
            type: Type.String(),
            number: Type.String({ description: 'Masked' }),
            issuing_country: Type.String(),
            nationality: Type.String(),
            expires_on: CalendarDate,
          }),
          Type.Null(),
        ]),
        ticket_number: Type.Union([Type.String(), Type.Null()]),
        special_requests: Type.Array(Type.String()),
        loyalty_accounts: Type.Array(Type.Object({ airline: Type.String(), number: Type.String() })),
      }),
    ),
    contact: Type.Object({ email: Type.String(), phone: Type.String(), language: TravellerLanguage }),
    price: Type.Object({
      total_amount: Type.Integer(),
      total_currency: Type.String(),
      base_amount: Type.Integer(),
      tax_amount: Type.Integer(),
      services_amount: Type.Integer({ description: 'Seats and extra bags, part of the total' }),
      passengers: Type.Array(PassengerPriceSchema),
    }),
    services: Type.Array(Type.Ref('FlightService')),
    available_services: AvailableServicesSchema,
    conditions: Type.Object({ change: Condition, refund: Condition }),
    baggage: Type.Object({ checked: Type.Integer(), cabin: Type.Integer() }),
    refund_amount: Type.Union([Type.Integer(), Type.Null()], {
      description: 'What has been refunded so far: parts cancelled on their own, then the whole booking',
    }),
    cancelled_parts: Type.Array(
      Type.Object({
        cancelled_at: Type.String({ format: 'date-time' }),
        passengers: Type.Array(
          Type.Object({
            id: Type.String(),
            type: Type.String(),
            given_name: Type.String(),
            family_name: Type.String(),
          }),
        ),
        slices: Type.Array(
          Type.Object({
            origin: Type.String(),
            destination: Type.String(),
            departure_date: Type.String({ format: 'date' }),
          }),
        ),
        refund_amount: Type.Integer(),
        penalty_amount: Type.Integer(),
      }),
      {
        description:
          'Passengers or slices cancelled on their own (POST /cancel_booking with `passenger_ids` or `slices`), ' +
          'oldest first; the booking’s passengers, slices and price no longer include them',
      },
    ),
    schedule_change: Type.Optional(
      Type.Object(
        {
          flight_id: Type.String(),
          flight_number: Type.String(),
          departure_date: Type.String({ format: 'date' }),
          previous: Type.Object({ departing_at: Type.String(), arriving_at: Type.String() }),
          current: Type.Object({ departing_at: Type.String(), arriving_at: Type.String() }),
          connection_broken: Type.Boolean(),
        },
        {
          description:
            'While `schedule_changed`: the retimed flight, its times as booked and as they are now; the booking’s ' +
            '`slices` keep the booked times until the new ones are accepted',
        },
      ),
    ),
    pricing: Type.Optional(
      Type.Ref('PricingRecord', {
        description: 'On agency bookings: the net, the markup and the commission the agency earns',
      }),
    ),
    payment: Type.Union([Type.Ref('Payment'), Type.Null()], {
      description: 'How the booking is paid; null for a hold with nothing to pay with yet',
    }),
    tickets: Type.Array(Type.Ref('FlightTicket'), {
      description:
        'The e-tickets and EMDs issued, oldest first, exchanged and refunded ones too (empty in lists, and for ' +
        'an airline that sells without tickets)',
    }),
    allowed_actions: Type.Array(Type.String(), {
      description: 'What the client may do next: confirm, cancel, update, add_services, change, accept',
    }),
    events: Type.Array(
      Type.Object({
        type: Type.String(),
        at: Type.String({ format: 'date-time' }),
        data: Type.Object({}, { additionalProperties: true }),
      }),
    ),
  },
  { $id: 'FlightBooking' },
);

export const BookingIdSchema = Type.Object(
  { booking_id: Type.String({ minLength: 4, maxLength: 64 }) },
  { additionalProperties: false },
);

export const UpdateBookingRequestSchema = Type.Object(
  {
    booking_id: Type.String({ minLength: 4, maxLength: 64 }),
    contact: Type.Optional(Type.Partial(ContactSchema, { additionalProperties: false })),
    passengers: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Type.String(),
            given_name: Type.Optional(Name),
            family_name: Type.Optional(Name),
            special_requests: Type.Optional(SpecialRequestsSchema),
            loyalty_accounts: Type.Optional(LoyaltyAccountsSchema),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: 18,
          description:
            'Name corrections (at most 3 letters each); special requests and loyalty accounts, each list replacing the one before',
        },
      ),
    ),
  },
  { $id: 'UpdateBookingRequest', additionalProperties: false },
);

export type BookFlightRequest = Static<typeof BookFlightRequestSchema>;
/** An update_booking request without the id of the booking it changes. */
export type UpdateBookingChanges = Omit<Static<typeof UpdateBookingRequestSchema>, 'booking_id'>;
