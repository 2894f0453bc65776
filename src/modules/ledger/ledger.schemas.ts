import Type from 'typebox';

/** An amount in minor units of its currency (cents; yen; fils, a thousandth of a dinar). */
export const MinorUnits = (description: string) =>
  Type.Integer({ minimum: 1, maximum: 1_000_000_000_000, description });

export const CurrencyCode = Type.String({
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217 code',
  examples: ['EUR'],
});

export const AgencyAccountSchema = Type.Object(
  {
    agency_id: Type.String(),
    currency: CurrencyCode,
    balance: Type.Integer({ description: 'Minor units; below zero while the agency uses credit' }),
    credit_limit: Type.Integer({ description: 'How far below zero the balance may go, in minor units' }),
    available: Type.Integer({ description: '`balance + credit_limit`: what the agency can still spend' }),
    currency_exponent: Type.Integer({
      description: 'Digits of the minor unit (ISO 4217): 2 for EUR, 0 for JPY',
    }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'AgencyAccount' },
);

export const LedgerEntrySchema = Type.Object(
  {
    id: Type.String(),
    transaction_id: Type.String(),
    kind: Type.String({
      description:
        '`top_up`, `sale`, `refund`, `replacement` (a payment given back because a new one replaces it: new ' +
        'dates or flights, services added), `commission`',
      examples: ['sale'],
    }),
    description: Type.String(),
    amount: Type.Integer({
      description: 'Signed minor units: a credit to the agency is positive, a debit negative',
    }),
    currency: CurrencyCode,
    balance_after: Type.Integer({ description: 'The agency balance right after this entry' }),
    booking_id: Type.Union([Type.String(), Type.Null()]),
    product: Type.Union([Type.String(), Type.Null()]),
    payment_id: Type.Union([Type.String(), Type.Null()]),
    exchange_rate: Type.Union([
      Type.Object({ from: Type.String(), to: Type.String(), rate: Type.Number(), as_of: Type.String() }),
      Type.Null(),
    ]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'LedgerEntry' },
);

export const TopUpRequestSchema = Type.Object(
  {
    agency_id: Type.String({ minLength: 1, maxLength: 100 }),
    amount: MinorUnits('What arrived, in minor units of `currency`'),
    currency: CurrencyCode,
    reference: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 140,
        description: 'The bank transfer’s reference, for the statement',
      }),
    ),
  },
  { additionalProperties: false },
);

export const CreditLimitRequestSchema = Type.Object(
  {
    agency_id: Type.String({ minLength: 1, maxLength: 100 }),
    credit_limit: Type.Integer({
      minimum: 0,
      maximum: 1_000_000_000_000,
      description: 'Minor units; 0 for none',
    }),
    currency: CurrencyCode,
  },
  { additionalProperties: false },
);
