import type { CardSummary } from './gateway.ts';
import type { PaymentRow } from './payments-repository.ts';

/** The rate a payment in another currency was taken at, and what the payer's account gave. */
export interface Charged {
  amount: number;
  currency: string;
  refunded: number;
  exchange_rate: { from: string; to: string; rate: number; as_of: string };
}

/** A booking's payment as the booking shows it (and keeps, in its own row). */
export interface PaymentSummary {
  id: string;
  method: 'balance' | 'card';
  status: PaymentRow['status'];
  amount: number;
  currency: string;
  paid_amount: number;
  refunded_amount: number;
  card: CardSummary | null;
  charged: Omit<Charged, 'refunded'> | null;
}

export function chargedOf(row: Pick<PaymentRow, 'exchange_rate'>): Charged | null {
  return row.exchange_rate ? (JSON.parse(row.exchange_rate) as Charged) : null;
}

export function summaryOf(row: PaymentRow): PaymentSummary {
  const charged = chargedOf(row);
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    paid_amount: row.paid_amount,
    refunded_amount: row.refunded_amount,
    card: row.card ? (JSON.parse(row.card) as CardSummary) : null,
    charged: charged
      ? { amount: charged.amount, currency: charged.currency, exchange_rate: charged.exchange_rate }
      : null,
  };
}
