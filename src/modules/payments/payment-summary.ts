import type { CardSummary } from './gateway.ts';
import { type Charged, cardOf, chargedOf } from './payment-codec.ts';
import type { PaymentRow } from './payments-repository.ts';

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
    card: cardOf(row),
    charged: charged
      ? { amount: charged.amount, currency: charged.currency, exchange_rate: charged.exchange_rate }
      : null,
  };
}
