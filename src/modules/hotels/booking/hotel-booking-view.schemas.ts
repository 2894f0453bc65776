import Type from 'typebox';
import { TravellerLanguage } from '../../../http/schemas.ts';
import { CancellationSchema } from '../search/search-hotels.schemas.ts';
import { CalendarDate, Nightly } from './hotel-booking.schemas.ts';

/** A hotel booking as the API shows it: GET /booking, the booking operations' answers and its events. */
export const HotelBookingSchema = Type.Object(
  {
    id: Type.String({ examples: ['hbk_8f3k2m9x4q1w8e5r3t7y6u2i'] }),
    reference: Type.String({ description: 'Eight characters, for people', examples: ['K7PX3MQ2'] }),
    product: Type.Literal('hotel'),
    status: Type.Union(
      [
        Type.Literal('held'),
        Type.Literal('confirmed'),
        Type.Literal('cancelled'),
        Type.Literal('expired'),
        Type.Literal('no_show'),
      ],
      {
        description:
          '`held`: rooms kept unpaid until `hold_expires_at` (pay with POST /pay_booking); `expired`: a hold ' +
          'not paid in time, its rooms released; `no_show`: the guest never came and the hotel charged the ' +
          'guarantee',
      },
    ),
    hold_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'A hold: until when its rooms are kept; null once paid, and for bookings paid when made',
    }),
    client_reference: Type.Union([Type.String(), Type.Null()]),
    hotel_confirmation: Type.Union([Type.String(), Type.Null()], {
      description:
        'The hotel’s own confirmation number, once its channel manager answered the reservation with one',
    }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    cancelled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    hotel: Type.Object({
      id: Type.String(),
      code: Type.String(),
      name: Type.String(),
      address: Type.String(),
      city_id: Type.String(),
      city_name: Type.String(),
      country_code: Type.String(),
      stars: Type.Integer(),
      time_zone: Type.String(),
      check_in_time: Type.String(),
      check_out_time: Type.String(),
    }),
    check_in: CalendarDate,
    check_out: CalendarDate,
    nights: Type.Integer(),
    holder: Type.Object({
      given_name: Type.String(),
      family_name: Type.String(),
      email: Type.String(),
      phone: Type.String(),
      language: TravellerLanguage,
    }),
    special_requests: Type.Union([Type.String(), Type.Null()]),
    rooms: Type.Array(
      Type.Object({
        id: Type.String({ examples: ['hbr_8f3k2m9x4q1w8e5r3t7y6u2i'] }),
        status: Type.Union([
          Type.Literal('held'),
          Type.Literal('confirmed'),
          Type.Literal('cancelled'),
          Type.Literal('expired'),
        ]),
        room_type: Type.Object({ code: Type.String(), name: Type.String(), beds: Type.String() }),
        rate_plan: Type.Object({ code: Type.String(), name: Type.String() }),
        board: Type.String(),
        adults: Type.Integer(),
        child_ages: Type.Array(Type.Integer()),
        guests: Type.Array(
          Type.Object({
            given_name: Type.String(),
            family_name: Type.String(),
            age: Type.Union([Type.Integer(), Type.Null()]),
          }),
        ),
        special_requests: Type.Union([Type.String(), Type.Null()]),
        total_amount: Type.Integer(),
        currency: Type.String(),
        tax_included_amount: Type.Integer(),
        payable_at_hotel_amount: Type.Integer(),
        nightly: Nightly,
        cancellation: CancellationSchema,
        penalty_amount: Type.Union([Type.Integer(), Type.Null()], { description: 'Once cancelled' }),
      }),
    ),
    total_amount: Type.Integer({ description: 'The live rooms, VAT included' }),
    currency: Type.String(),
    payable_at_hotel_amount: Type.Integer(),
    free_cancellation_until: Type.Union([Type.String(), Type.Null()], {
      description: 'Hotel local time with offset; null when some room is never free to cancel',
    }),
    penalty_amount: Type.Union([Type.Integer(), Type.Null()], { description: 'Charged for cancelled rooms' }),
    pricing: Type.Optional(
      Type.Ref('PricingRecord', {
        description:
          'On agency bookings, over the live rooms: the net, the markup and the commission the agency earns',
      }),
    ),
    payment_type: Type.String({
      enum: ['pay_now', 'pay_at_hotel'],
      description:
        '`pay_now`: paid when booked; `pay_at_hotel`: the guest pays the hotel, nothing is taken here',
    }),
    payment: Type.Union([Type.Ref('Payment'), Type.Null()], {
      description:
        'How the stay was paid; for a stay paid at the hotel, null until the hotel charges the guarantee ' +
        '(a no-show or a late cancellation), then that charge',
    }),
    guarantee: Type.Union(
      [
        Type.Object({
          type: Type.Literal('card'),
          card: Type.Object({
            brand: Type.String(),
            last4: Type.String(),
            exp_month: Type.Integer(),
            exp_year: Type.Integer(),
          }),
        }),
        Type.Null(),
      ],
      {
        description:
          'The card guaranteeing a stay paid at the hotel; nothing is taken from it unless charged',
      },
    ),
    allowed_actions: Type.Array(Type.String(), {
      description: 'What the client may do next: pay (a hold), cancel, modify, change_dates',
    }),
    events: Type.Array(
      Type.Object({
        type: Type.String(),
        at: Type.String({ format: 'date-time' }),
        data: Type.Object({}, { additionalProperties: true }),
      }),
    ),
  },
  { $id: 'HotelBooking' },
);
