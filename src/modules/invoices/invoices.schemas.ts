import Type from 'typebox';

const PartySchema = Type.Object({
  name: Type.String(),
  address: Type.Union([Type.String(), Type.Null()]),
  vat_id: Type.Union([Type.String(), Type.Null()]),
  email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

/** An invoice or a credit note (docs/invoices.md). */
export const InvoiceSchema = Type.Object(
  {
    number: Type.String({
      pattern: '^(INV|CN)-\\d{4}-\\d{6}$',
      description: 'Gapless per kind and year of `issue_date`',
      examples: ['INV-2026-000042'],
    }),
    kind: Type.Union([Type.Literal('invoice'), Type.Literal('credit_note')]),
    issued_at: Type.String({ format: 'date-time' }),
    issue_date: Type.String({ format: 'date', description: 'In the seller’s zone (`SELLER_TIME_ZONE`)' }),
    booking_id: Type.String(),
    product: Type.String({ examples: ['flight', 'hotel'] }),
    payment_id: Type.String(),
    description: Type.String({ examples: ['Flight booking K7PX3M'] }),
    currency: Type.String(),
    total_amount: Type.Integer({ description: 'Minor units; taxes and charges included' }),
    tax_amount: Type.Integer({ description: 'Of the total: taxes, fees and charges collected for others' }),
    seller: PartySchema,
    buyer: PartySchema,
    corrects: Type.Union([Type.String(), Type.Null()], {
      description: 'On a credit note: the booking’s invoice it corrects',
    }),
    pdf_url: Type.String({ description: 'The document as PDF' }),
  },
  { $id: 'Invoice' },
);
