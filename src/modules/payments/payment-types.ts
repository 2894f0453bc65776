import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { SaleAmounts } from '../ledger/index.ts';

export type PaymentInput = { type: 'balance' } | { type: 'card'; card_token: string };

/** What a sale is paid for: its total and the taxes in it, in the booking's currency. */
export type Due = SaleAmounts;

/**
 * A card kept as a guarantee, not charged: the provider's reusable token and what may be shown of the
 * card. Charged later by the merchant (a no-show, a late cancellation) without the card holder present.
 */
export interface CardGuarantee {
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  gateway: string;
  gateway_token: string;
}

/** A payment made ready before the booking's transaction: a card authorized, or a balance to debit. */
export type Prepared =
  | { method: 'balance'; userId: string; agencyId: string }
  | { method: 'card'; paymentId: string };

/** Which booking a payment belongs to, and what its ledger lines are called. */
/**
 * Invoices money taken and credits money given back, in the booking's transaction, so a document is
 * numbered exactly when its money moves (src/modules/invoices implements it).
 */
export interface Billing {
  /** A sale was paid: `due` of `purpose` by payment `paymentId`. */
  invoice(trx: Kysely<Database>, entry: { purpose: Purpose; due: Due; paymentId: string }): Promise<void>;
  /** `amount` of a sale's money was given back (a refund, or a payment replaced by another). */
  credit(
    trx: Kysely<Database>,
    entry: { purpose: Purpose; sale: Due; amount: number; paymentId: string },
  ): Promise<void>;
}

export interface Purpose {
  bookingId: string;
  product: string;
  description: string;
  /** The agency whose booking it is (null for a customer's), for statements and reports. */
  agencyId: string | null;
}
