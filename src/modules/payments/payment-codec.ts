import type { CardSummary } from './gateway.ts';
import type { PaymentRow } from './payments-repository.ts';

/** The rate a payment in another currency was taken at, and what the payer's account gave. */
export interface Charged {
  amount: number;
  currency: string;
  refunded: number;
  exchange_rate: { from: string; to: string; rate: number; as_of: string };
}

/**
 * The JSON columns of a payment row, read and written in one place: the card it was paid with (brand,
 * last four, expiry: never the number) and, for a payment taken in another currency, what was charged.
 */
export function cardOf(row: Pick<PaymentRow, 'card'>): CardSummary | null {
  return row.card ? (JSON.parse(row.card) as CardSummary) : null;
}

export function chargedOf(row: Pick<PaymentRow, 'exchange_rate'>): Charged | null {
  return row.exchange_rate ? (JSON.parse(row.exchange_rate) as Charged) : null;
}

export const cardColumn = (card: CardSummary | null): string | null => (card ? JSON.stringify(card) : null);

export const chargedColumn = (charged: Charged | null): string | null =>
  charged ? JSON.stringify(charged) : null;
