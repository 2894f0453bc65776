import cardValidator from 'card-validator';
import type { CardDetails } from './gateway.ts';
import { InvalidCard } from './gateway.ts';

/**
 * Checks card details before any provider sees them: the number's checksum and brand (the maintained
 * `card-validator` package), a CVC of the brand's length, and an expiry not before `today`'s month.
 * Answers the brand; throws InvalidCard naming the field.
 */
export function checkCard(card: CardDetails, today: Date): { brand: string } {
  const number = cardValidator.number(card.number);
  if (!number.isValid || !number.card) throw new InvalidCard('/number', 'is not a valid card number');
  if (!cardValidator.cvv(card.cvc, number.card.code.size).isValid)
    throw new InvalidCard('/cvc', `must be ${number.card.code.size} digits for ${number.card.niceType}`);
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (card.exp_year * 12 + (card.exp_month - 1) < thisMonth)
    throw new InvalidCard('/exp_year', 'with exp_month is in the past');
  return { brand: number.card.type };
}
