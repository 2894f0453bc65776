/** Why a card payment was refused; the client sees it as `decline_reason`. */
export type DeclineReason = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'processing_timeout';

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** What may be kept and shown of a card: never its number. */
export interface CardSummary {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export type Authorization = { ok: true; ref: string } | { ok: false; reason: DeclineReason };

/**
 * A card payment provider, as Itinera uses it. Written so that Stripe (PaymentMethod, PaymentIntent with
 * manual capture, Refund) or Adyen (stored payment method, /payments, /captures, /cancels, /refunds) can
 * sit behind it: every call that moves money takes an idempotency key, so a call retried after a timeout
 * or a crash happens once at the provider.
 */
export interface PaymentGateway {
  readonly name: string;
  /** Exchanges card details for the provider's reusable token; throws InvalidCard when it refuses them. */
  tokenize(card: CardDetails): Promise<{ token: string; card: CardSummary }>;
  /** A token the provider documents for tests (`tok_visa`), usable without tokenizing; undefined otherwise. */
  knownToken(token: string): CardSummary | undefined;
  /** Reserves the amount on the card. A timeout is a `processing_timeout` decline: void by the key after it. */
  authorize(request: {
    token: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<Authorization>;
  /** Takes (part of) an authorized amount. */
  capture(ref: string, amount: number, idempotencyKey: string): Promise<void>;
  /** Cancels the authorization made with `authorizationKey`, if there is one; nothing is taken. */
  void(authorizationKey: string): Promise<void>;
  /** Gives back (part of) a captured amount. */
  refund(ref: string, amount: number, idempotencyKey: string): Promise<void>;
}

/** Card details the provider refuses to tokenize (not a card, or not one it takes). */
export class InvalidCard extends Error {
  readonly pointer: string;

  constructor(pointer: string, detail: string) {
    super(detail);
    this.pointer = pointer;
  }
}
