import { invalidField } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { Principal } from '../auth/index.ts';
import type { CardTokensRepository } from './card-tokens-repository.ts';
import { type CardDetails, InvalidCard, type PaymentGateway } from './gateway.ts';

export const CARD_TOKEN_TTL_SECONDS = 3600;

/** Exchanges card details for a token of the caller's: the gateway keeps the card, Itinera its summary. */
export function createCardTokenization(deps: {
  gateway: PaymentGateway;
  tokens: CardTokensRepository;
  clock: Clock;
  ids: IdGenerator;
}) {
  return {
    async tokenize(principal: Principal, card: CardDetails) {
      let made: Awaited<ReturnType<PaymentGateway['tokenize']>>;
      try {
        made = await deps.gateway.tokenize(card);
      } catch (error) {
        if (error instanceof InvalidCard) throw invalidField(error.pointer, error.message);
        throw error;
      }
      const now = deps.clock.now();
      const expiresAt = new Date(now.getTime() + CARD_TOKEN_TTL_SECONDS * 1000).toISOString();
      const id = deps.ids.next('ctk');
      await deps.tokens.insert({
        id,
        user_id: principal.userId,
        gateway: deps.gateway.name,
        gateway_token: made.token,
        ...made.card,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      });
      return { card_token: id, expires_at: expiresAt, ...made.card };
    },
  };
}

export type CardTokenization = ReturnType<typeof createCardTokenization>;
