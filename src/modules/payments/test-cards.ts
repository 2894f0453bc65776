import type { CardSummary, DeclineReason } from './gateway.ts';

export type TestBehaviour = 'approve' | DeclineReason;

/**
 * The test gateway's documented cards (docs/payments.md). Any future expiry date and any CVC work; the
 * number decides what happens, as with Stripe's and Adyen's test cards. Other numbers are refused, so a
 * real card number is never typed into a test installation by mistake.
 */
export const TEST_CARDS: Record<string, { brand: string; behaviour: TestBehaviour }> = {
  '4242424242424242': { brand: 'visa', behaviour: 'approve' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'approve' },
  '378282246310005': { brand: 'american-express', behaviour: 'approve' },
  '4000000000000002': { brand: 'visa', behaviour: 'card_declined' },
  '4000000000009995': { brand: 'visa', behaviour: 'insufficient_funds' },
  '4000000000000069': { brand: 'visa', behaviour: 'expired_card' },
  '4000000000000119': { brand: 'visa', behaviour: 'processing_timeout' },
};

/** Tokens usable without tokenizing, one per test card (as Stripe's `tok_visa`). */
export const TEST_TOKENS: Record<string, string> = {
  tok_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  tok_amex: '378282246310005',
  tok_declined: '4000000000000002',
  tok_insufficient_funds: '4000000000009995',
  tok_expired: '4000000000000069',
  tok_timeout: '4000000000000119',
};

/** The summary of a test token's card: a far expiry, the number's last four. */
export function testTokenCard(token: string): CardSummary | undefined {
  const number = TEST_TOKENS[token];
  if (!number) return undefined;
  return { brand: TEST_CARDS[number]!.brand, last4: number.slice(-4), exp_month: 12, exp_year: 2034 };
}

/** What the gateway token of a test card says it does: `tgw_<behaviour>_<random>`. */
export function behaviourOf(gatewayToken: string): TestBehaviour | undefined {
  const found = Object.values(TEST_CARDS).find((c) => gatewayToken.startsWith(`tgw_${c.behaviour}_`));
  return found?.behaviour;
}
