import Type from 'typebox';
import {
  CalendarDate,
  DocumentSchema,
  GenderSchema,
  LoyaltyAccountsSchema,
  PersonName,
  TitleSchema,
} from '../../http/traveller-schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const MEAL_CODES = [
  'VGML',
  'VLML',
  'AVML',
  'KSML',
  'MOML',
  'HNML',
  'DBML',
  'GFML',
  'LFML',
  'NLML',
  'CHML',
  'BBML',
] as const;

/** The fields of a profile as a request gives them: all but the names may be left out or null. */
const fields = {
  title: Type.Optional(Nullable(TitleSchema)),
  gender: Type.Optional(Nullable(GenderSchema)),
  born_on: Type.Optional(Nullable(CalendarDate)),
  email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254 }))),
  phone: Type.Optional(Nullable(Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' }))),
  documents: Type.Optional(
    Type.Array(DocumentSchema, {
      maxItems: 4,
      description: 'Passports and identity cards, one per type and issuing country; sealed at rest',
    }),
  ),
  loyalty_accounts: Type.Optional(LoyaltyAccountsSchema),
  meal: Type.Optional(
    Nullable(
      Type.Union(
        MEAL_CODES.map((m) => Type.Literal(m)),
        { description: 'The IATA meal code asked for on every flight booked with this profile' },
      ),
    ),
  ),
  seat: Type.Optional(Nullable(Type.Union([Type.Literal('window'), Type.Literal('aisle')]))),
};

export const CreateTravellerSchema = Type.Object(
  { given_name: PersonName, family_name: PersonName, ...fields },
  { additionalProperties: false, $id: 'CreateTravellerRequest' },
);

export const UpdateTravellerSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    expected_version: Type.Optional(Type.Integer({ minimum: 1 })),
    given_name: Type.Optional(PersonName),
    family_name: Type.Optional(PersonName),
    ...fields,
  },
  { additionalProperties: false, $id: 'UpdateTravellerRequest' },
);

export const TravellerSchema = Type.Object(
  {
    id: Type.String({ examples: ['trv_5q3k0d1x8m2n4p6r7s9t0v1w'] }),
    user_id: Type.Union([Type.String(), Type.Null()], { description: 'Whose it is, for a person’s own' }),
    agency_id: Type.Union([Type.String(), Type.Null()], {
      description: 'The agency sharing it, for an agency’s',
    }),
    title: Nullable(TitleSchema),
    given_name: Type.String(),
    family_name: Type.String(),
    gender: Nullable(GenderSchema),
    born_on: Nullable(Type.String({ format: 'date' })),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    documents: Type.Array(DocumentSchema),
    loyalty_accounts: LoyaltyAccountsSchema,
    meal: Nullable(Type.String()),
    seat: Nullable(Type.String()),
    version: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Traveller' },
);
