import type { SaleAmounts } from '../ledger/index.ts';

export type PaymentInput = { type: 'balance' } | { type: 'card'; card_token: string };

/** What a sale is paid for: its total and the taxes in it, in the booking's currency. */
export type Due = SaleAmounts;

/** A payment made ready before the booking's transaction: a card authorized, or a balance to debit. */
export type Prepared =
  | { method: 'balance'; userId: string; agencyId: string }
  | { method: 'card'; paymentId: string };

/** Which booking a payment belongs to, and what its ledger lines are called. */
export interface Purpose {
  bookingId: string;
  product: string;
  description: string;
  /** The agency whose booking it is (null for a customer's), for statements and reports. */
  agencyId: string | null;
}
