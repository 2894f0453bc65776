import Type from 'typebox';

const Amount = Type.Integer({ description: 'Minor units of `currency`' });

const FlightCouponSchema = Type.Object({
  coupon: Type.Integer({
    minimum: 1,
    description: 'The coupon’s place on the ticket, from 1; 5 on are on conjunctions',
  }),
  slice: Type.Integer({ minimum: 0 }),
  segment: Type.Integer({ minimum: 0 }),
  flight_number: Type.String({ examples: ['BA117'] }),
  origin: Type.String(),
  destination: Type.String(),
  departure_date: Type.String({ format: 'date' }),
  departing_at: Type.String({ description: 'Local time at the origin' }),
  cabin: Type.String(),
  brand: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('refunded'), Type.Literal('exchanged')]),
});

const ServiceCouponSchema = Type.Object({
  coupon: Type.Integer({ minimum: 1 }),
  service_id: Type.String({ description: 'The service of the booking’s `services` it pays for' }),
  rfic: Type.Literal('A', { description: 'IATA reason for issuance: A, air transportation' }),
  rfisc: Type.String({ description: 'IATA sub-code: 0B5 a pre-reserved seat, 0CC extra checked bags' }),
  description: Type.String({ examples: ['Seat 12A'] }),
  quantity: Type.Integer({ minimum: 1 }),
  amount: Amount,
  ticket_number: Type.String({ description: 'The e-ticket it is associated with (EMD-A)' }),
  ticket_coupons: Type.Array(Type.Integer(), { description: 'The flight coupons of that ticket it serves' }),
  status: Type.Union([Type.Literal('open'), Type.Literal('refunded'), Type.Literal('forfeited')]),
});

/** An e-ticket or an EMD of a flight booking (docs/tickets.md). */
export const FlightTicketSchema = Type.Object(
  {
    number: Type.String({
      pattern: '^\\d{13}$',
      description: 'The validating airline’s accounting code, then the ten-digit document number',
      examples: ['1252000000001'],
    }),
    check_digit: Type.Integer({ minimum: 0, maximum: 6, description: 'The document number modulo 7' }),
    printed_number: Type.String({ examples: ['125 2000000001 1'] }),
    type: Type.Union([Type.Literal('eticket'), Type.Literal('emd_associated')]),
    passenger_id: Type.String(),
    validating_carrier: Type.String({ examples: ['BA'] }),
    status: Type.Union(
      [Type.Literal('open'), Type.Literal('exchanged'), Type.Literal('refunded'), Type.Literal('forfeited')],
      {
        description:
          'open while a coupon is; exchanged for a reissued ticket; refunded with a cancellation; forfeited: an ' +
          'EMD whose seats were given up in a change',
      },
    ),
    issued_at: Type.String({ format: 'date-time' }),
    currency: Type.String(),
    fare_amount: Amount,
    tax_amount: Amount,
    total_amount: Amount,
    conjunction_numbers: Type.Array(Type.String(), {
      description: 'Further numbers of a document with more than four coupons, in order',
    }),
    coupons: Type.Union([Type.Array(FlightCouponSchema), Type.Array(ServiceCouponSchema)]),
    exchange: Type.Union(
      [
        Type.Object({
          original_number: Type.String(),
          original_amount: Amount,
          penalty_amount: Amount,
          additional_collection_amount: Amount,
          residual_amount: Amount,
          residual_refunded: Type.Boolean(),
        }),
        Type.Null(),
      ],
      { description: 'On a reissued ticket: the ticket it replaced and how their values met' },
    ),
  },
  { $id: 'FlightTicket' },
);
