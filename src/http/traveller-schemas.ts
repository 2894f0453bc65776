import Type from 'typebox';

/** A date without a time or zone (`2031-05-01`). */
export const CalendarDate = Type.String({ format: 'date' });

/** A traveller's given or family name as travel documents print it. */
export const PersonName = Type.String({ minLength: 1, maxLength: 60, pattern: "^[\\p{L}][\\p{L} .'-]*$" });

export const TitleSchema = Type.Union([
  Type.Literal('mr'),
  Type.Literal('ms'),
  Type.Literal('mrs'),
  Type.Literal('miss'),
  Type.Literal('dr'),
  Type.Literal('mx'),
]);

export const GenderSchema = Type.Union([Type.Literal('f'), Type.Literal('m'), Type.Literal('x')]);

/** A passport or identity card, as a booking and a traveller profile keep it (sealed at rest). */
export const DocumentSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('passport'), Type.Literal('identity_card')]),
    number: Type.String({ minLength: 4, maxLength: 20, pattern: '^[A-Za-z0-9]+$' }),
    issuing_country: Type.String({ pattern: '^[A-Z]{2}$' }),
    nationality: Type.String({ pattern: '^[A-Z]{2}$' }),
    expires_on: CalendarDate,
  },
  { additionalProperties: false, description: 'Required for every passenger when the trip crosses a border' },
);

export const LoyaltyAccountsSchema = Type.Array(
  Type.Object(
    {
      airline: Type.String({ pattern: '^[A-Z0-9]{2}$', description: 'IATA code of the programme’s airline' }),
      number: Type.String({ minLength: 4, maxLength: 25, pattern: '^[A-Za-z0-9]+$' }),
    },
    { additionalProperties: false },
  ),
  { maxItems: 4, description: 'Frequent flyer accounts, one per airline' },
);
