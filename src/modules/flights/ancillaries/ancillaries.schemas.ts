import Type, { type TProperties } from 'typebox';
import { paymentInputRef } from '../../payments/index.ts';

const SliceIndex = Type.Integer({ minimum: 0, maximum: 5, description: 'The slice, from 0' });
const SegmentIndex = Type.Integer({
  minimum: 0,
  maximum: 5,
  description: 'The flight within the slice, from 0',
});
const Designator = Type.String({ pattern: '^[1-9][0-9]{0,2}[A-Z]$', examples: ['14C'] });
const Quantity = Type.Integer({
  minimum: 1,
  maximum: 5,
  description: 'Extra bags beyond the fare’s allowance',
});
const PassengerIndex = Type.Integer({
  minimum: 0,
  maximum: 17,
  description: 'The passenger, by position in `passengers` (from 0)',
});
const PassengerId = Type.String({
  minLength: 4,
  maxLength: 64,
  description: 'A passenger id of the booking',
});

/** Seat choices naming their passenger by `who` (a position at booking, an id after it). */
function seatChoices<Who extends TProperties>(who: Who, description: string) {
  return Type.Array(
    Type.Object(
      { ...who, slice: SliceIndex, segment: SegmentIndex, designator: Designator },
      { additionalProperties: false },
    ),
    { maxItems: 108, description },
  );
}

/** Extra bag purchases naming their passenger by `who`. */
function bagPurchases<Who extends TProperties>(who: Who, description: string) {
  return Type.Array(
    Type.Object({ ...who, slice: SliceIndex, quantity: Quantity }, { additionalProperties: false }),
    { maxItems: 108, description },
  );
}

/** Seats chosen in `book_flight`: passengers by position, as they have no id yet. */
export const BookingSeatsSchema = seatChoices(
  { passenger: PassengerIndex },
  'Seats from GET /seat_maps; their prices are part of expected_total',
);

export const BookingBagsSchema = bagPurchases(
  { passenger: PassengerIndex },
  'Extra checked bags per passenger and slice (see the offer’s available_services)',
);

export const ServiceSeatsSchema = seatChoices(
  { passenger_id: PassengerId },
  'A passenger who has a seat on the flight moves to this one',
);

export const ServiceBagsSchema = bagPurchases(
  { passenger_id: PassengerId },
  'Extra checked bags per passenger and slice, within the allowance counting those bought before',
);

/** A service as a booking shows it. */
export const FlightServiceSchema = Type.Union(
  [
    Type.Object({
      id: Type.String(),
      type: Type.Literal('seat'),
      passenger_id: Type.String(),
      slice: Type.Integer(),
      segment: Type.Integer(),
      flight_id: Type.String(),
      departure_date: Type.String({ format: 'date' }),
      designator: Type.String(),
      amount: Type.Integer(),
      added_at: Type.String({ format: 'date-time' }),
    }),
    Type.Object({
      id: Type.String(),
      type: Type.Literal('checked_bag'),
      passenger_id: Type.String(),
      slice: Type.Integer(),
      quantity: Type.Integer(),
      amount: Type.Integer(),
      added_at: Type.String({ format: 'date-time' }),
    }),
  ],
  { $id: 'FlightService' },
);

/** What may be bought on each slice, per passenger. */
export const AvailableServicesSchema = Type.Object({
  checked_bags: Type.Array(
    Type.Object({
      slice: Type.Integer(),
      amount_per_bag: Type.Integer({ description: 'Minor units of the offer’s currency' }),
      currency: Type.String(),
      max_per_passenger: Type.Integer(),
    }),
    { description: 'Slices where extra checked bags are sold; seats are chosen from GET /seat_maps' },
  ),
});

export const AddServicesRequestSchema = Type.Object(
  {
    booking_id: Type.String({ minLength: 4, maxLength: 64 }),
    seats: Type.Optional(ServiceSeatsSchema),
    bags: Type.Optional(ServiceBagsSchema),
    expected_amount: Type.Object(
      { amount: Type.Integer({ minimum: 0 }), currency: Type.String({ pattern: '^[A-Z]{3}$' }) },
      {
        additionalProperties: false,
        description:
          'What the client agreed to pay for these services; another figure answers 409 PRICE_CHANGED',
      },
    ),
    payment: Type.Optional(
      paymentInputRef({
        description:
          'How to pay when the services cost something: by default what paid the booking (its card again, or the agency balance)',
      }),
    ),
  },
  { $id: 'AddServicesRequest', additionalProperties: false },
);
