import Type, { type Static } from 'typebox';
import { TravellerLanguage } from '../../../http/schemas.ts';
import { paymentInputRef } from '../../payments/index.ts';
import { CancellationSchema, RoomRequestSchema } from '../search/search-hotels.schemas.ts';

export const CalendarDate = Type.String({ format: 'date', examples: ['2026-12-14'] });
const Name = Type.String({ minLength: 1, maxLength: 60, pattern: "^[\\p{L}][\\p{L} .'-]*$" });
const Money = Type.Object(
  { amount: Type.Integer({ minimum: 0 }), currency: Type.String({ pattern: '^[A-Z]{3}$' }) },
  { additionalProperties: false },
);
const Requests = Type.String({
  maxLength: 500,
  description: 'Free text passed to the hotel; not guaranteed',
});
export const Nightly = Type.Array(Type.Object({ date: CalendarDate, amount: Type.Integer() }));

export const CheckRateRequestSchema = Type.Object(
  { rate_key: Type.String({ minLength: 10, maxLength: 4000 }) },
  { $id: 'CheckRateRequest', additionalProperties: false },
);

export const CheckRateResponseSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('available'), Type.Literal('price_changed'), Type.Literal('sold_out')]),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'Why it is sold out' }),
    check_in: CalendarDate,
    check_out: CalendarDate,
    rooms: Type.Array(RoomRequestSchema),
    previous_total_amount: Type.Integer({ description: 'The total the rate key was issued with' }),
    currency: Type.String(),
    quote: Type.Union(
      [
        Type.Object({
          quote_id: Type.String({ description: 'Pass it to book_hotel; valid 15 minutes' }),
          expires_at: Type.String({ format: 'date-time' }),
          hotel: Type.Object({
            id: Type.String(),
            name: Type.String(),
            address: Type.String(),
            time_zone: Type.String(),
          }),
          room_type: Type.Object({ code: Type.String(), name: Type.String(), beds: Type.String() }),
          rate_plan: Type.Object({ code: Type.String(), name: Type.String() }),
          board: Type.String(),
          payment_type: Type.String({
            enum: ['pay_now', 'pay_at_hotel'],
            description:
              '`pay_now`: paid when booked; `pay_at_hotel`: the guest pays the hotel, nothing is taken here',
          }),
          total_amount: Type.Integer({ description: 'The price now, to send as expected_total' }),
          currency: Type.String(),
          tax_included_amount: Type.Integer(),
          payable_at_hotel_amount: Type.Integer(),
          nightly: Nightly,
          cancellation: CancellationSchema,
          rooms_left: Type.Integer(),
          pricing: Type.Optional(
            Type.Ref('PricingRecord', {
              description:
                'Agents and admins: the net, the markup and the commission the selling agency earns',
            }),
          ),
        }),
        Type.Null(),
      ],
      { description: 'Null when sold out' },
    ),
  },
  { $id: 'CheckRateResponse' },
);

const GuestSchema = Type.Object(
  {
    given_name: Name,
    family_name: Name,
    age: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 17,
        description: 'Children only: their age on arrival, as searched',
      }),
    ),
  },
  { additionalProperties: false },
);

const HolderSchema = Type.Object(
  {
    given_name: Name,
    family_name: Name,
    email: Type.String({ format: 'email', maxLength: 254, examples: ['holder@example.com'] }),
    phone: Type.String({
      pattern: '^\\+[1-9][0-9]{6,14}$',
      description: 'E.164',
      examples: ['+442071234567'],
    }),
    language: TravellerLanguage,
  },
  { additionalProperties: false },
);

export const BookHotelRequestSchema = Type.Object(
  {
    quote_id: Type.Optional(
      Type.String({
        minLength: 10,
        maxLength: 4000,
        description: 'From check_rate, for every room; or leave it out and give a key in each room',
      }),
    ),
    rate_key: Type.Optional(
      Type.String({ minLength: 10, maxLength: 4000, description: 'From search_hotels, instead of a quote' }),
    ),
    holder: HolderSchema,
    rooms: Type.Array(
      Type.Object(
        {
          quote_id: Type.Optional(
            Type.String({
              minLength: 10,
              maxLength: 4000,
              description:
                "To mix rooms: this room's quote (or `rate_key`) from a search for this room alone, of the " +
                "same hotel and stay as the other rooms'",
            }),
          ),
          rate_key: Type.Optional(Type.String({ minLength: 10, maxLength: 4000 })),
          guests: Type.Array(GuestSchema, { minItems: 1, maxItems: 14 }),
          special_requests: Type.Optional(Requests),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: 8,
        description:
          'In the order of the searched rooms for a key given once; each with its own key to book rooms of ' +
          'different types or rates in one booking',
      },
    ),
    special_requests: Type.Optional(Requests),
    client_reference: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'Your own reference; searchable' }),
    ),
    expected_total: Money,
    guarantee: Type.Optional(
      Type.Object(
        { type: Type.Literal('card'), card_token: Type.String({ minLength: 4, maxLength: 100 }) },
        {
          additionalProperties: false,
          description:
            'Required for a `pay_at_hotel` rate (none for `pay_now`): a card of yours (POST /tokenize_card) that ' +
            'guarantees the stay. Nothing is taken; the hotel may charge it for a no-show or a late cancellation, ' +
            "as the rate's cancellation terms say. It must not expire before check-out",
        },
      ),
    ),
    type: Type.Optional(
      Type.Union([Type.Literal('instant'), Type.Literal('hold')], {
        description:
          "`instant` (when left out): booked and paid now. `hold`: the rooms are kept unpaid at today's price until " +
          '`hold_expires_at`, then paid with POST /pay_booking or released. A hold lasts a day at most and ' +
          "never past the end of the rate's free cancellation (a non-refundable rate: 72 hours before the " +
          'check-in day); a `pay_now` rate only, with no payment given now',
      }),
    ),
    payment: Type.Optional(
      paymentInputRef({
        description:
          'Card (authorized and captured) or the agency balance: required for an instant booking of a `pay_now` ' +
          'rate, whose stay is paid when booked; none for a `pay_at_hotel` rate or a hold',
      }),
    ),
  },
  { $id: 'BookHotelRequest', additionalProperties: false },
);

export const ModifyHotelBookingRequestSchema = Type.Object(
  {
    booking_id: Type.String({ minLength: 4, maxLength: 64 }),
    check_in: Type.Optional(CalendarDate),
    check_out: Type.Optional(CalendarDate),
    holder: Type.Optional(Type.Partial(HolderSchema, { additionalProperties: false })),
    special_requests: Type.Optional(Type.Union([Requests, Type.Null()])),
    rooms: Type.Optional(
      Type.Array(
        Type.Object(
          {
            room_id: Type.String({ maxLength: 64 }),
            guests: Type.Optional(Type.Array(GuestSchema, { minItems: 1, maxItems: 14 })),
            special_requests: Type.Optional(Type.Union([Requests, Type.Null()])),
          },
          { additionalProperties: false },
        ),
        { maxItems: 8 },
      ),
    ),
    expected_total: Type.Optional(
      Type.Object(Money.properties, {
        additionalProperties: false,
        description: 'Required when the dates change: the new total from re-pricing',
      }),
    ),
  },
  { $id: 'ModifyHotelBookingRequest', additionalProperties: false },
);

export type BookHotelRequest = Static<typeof BookHotelRequestSchema>;
/** A modify_hotel_booking request without the id of the booking it changes. */
export type HotelBookingChanges = Omit<Static<typeof ModifyHotelBookingRequestSchema>, 'booking_id'>;
