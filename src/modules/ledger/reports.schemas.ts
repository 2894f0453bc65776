import Type, { type TSchema } from 'typebox';

const Day = Type.String({ format: 'date', examples: ['2026-11-01'] });

export const PeriodQuerySchema = Type.Object(
  {
    from: Day,
    to: { ...Day, description: 'Included; at most 366 days after `from` (UTC days)' },
    agency_id: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Admins: one agency; agents see their own and may omit it',
      }),
    ),
    format: Type.Optional(Type.String({ enum: ['json', 'csv'], default: 'json' })),
  },
  { additionalProperties: false },
);

const amounts = {
  bookings: Type.Integer({ description: 'Bookings with a sale in the period' }),
  gross: Type.Integer({ description: 'Sold, taxes included (minor units)' }),
  taxes: Type.Integer(),
  net: Type.Integer({ description: 'Of `gross`: the net price before the seller’s markup, taxes excluded' }),
  markup: Type.Integer({ description: 'Of `gross`: the seller’s markup (pricing rules)' }),
  commissions: Type.Integer({
    description:
      'Earned by agencies on these sales, less what refunds took back (an expense, not in `revenue`)',
  }),
  refunds: Type.Integer({ description: 'Given back on cancellations and cheaper changes' }),
  replaced: Type.Integer({
    description:
      'What payments replaced by new ones reversed (new dates or flights, services added); the new payment is in `gross`. Not a refund',
  }),
  penalties: Type.Integer({ description: 'Kept by cancellations' }),
  revenue: Type.Integer({
    description: '`gross - replaced - refunds`: exactly the period’s entries on the revenue accounts',
  }),
};

export const SalesReportSchema = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    agency_id: Type.Union([Type.String(), Type.Null()]),
    lines: Type.Array(Type.Object({ product: Type.String(), currency: Type.String(), ...amounts })),
    totals: Type.Array(Type.Object({ currency: Type.String(), ...amounts }), { description: 'Per currency' }),
  },
  { $id: 'SalesReport' },
);

export const StatementSchema = Type.Object(
  {
    agency_id: Type.String(),
    currency: Type.String(),
    from: Type.String(),
    to: Type.String(),
    opening_balance: Type.Integer(),
    closing_balance: Type.Integer({ description: '`opening_balance` plus every entry' }),
    entries: Type.Array(
      Type.Object({
        id: Type.String(),
        transaction_id: Type.String(),
        kind: Type.String(),
        description: Type.String(),
        booking_id: Type.Union([Type.String(), Type.Null()]),
        amount: Type.Integer(),
        balance_after: Type.Union([Type.Integer(), Type.Null()]),
        created_at: Type.String({ format: 'date-time' }),
      }),
    ),
  },
  { $id: 'AgencyStatement' },
);

/** A 200 answered as JSON (the schema) or, with `format=csv`, as CSV text. */
export function jsonOrCsv(ref: string): TSchema {
  return {
    description: 'JSON, or CSV with `format=csv` (amounts in major units)',
    content: {
      'application/json': { schema: Type.Ref(ref) },
      'text/csv': { schema: { type: 'string' } },
    },
  } as unknown as TSchema;
}
