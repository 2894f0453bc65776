import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { Principal } from '../auth/index.ts';
import type { CardTokensRepository } from './card-tokens-repository.ts';
import type { CardSummary, PaymentGateway } from './gateway.ts';
import type { QueueOperation } from './operation-queue.ts';
import { cardColumn } from './payment-codec.ts';
import type { Due, Prepared } from './payment-types.ts';
import type { PaymentsRepository } from './payments-repository.ts';

/** A card as a payment uses it: the gateway's token and what may be shown. */
export interface UsableCard {
  gatewayToken: string;
  card: CardSummary;
}

/** Card tokens resolved for their owner, and authorizations made before a booking's transaction. */
export function createCardAuthorizations(deps: {
  db: Kysely<Database>;
  payments: PaymentsRepository;
  cardTokens: CardTokensRepository;
  gateway: PaymentGateway;
  queue: QueueOperation;
  clock: Clock;
  ids: IdGenerator;
}) {
  const { db, payments, gateway, clock } = deps;
  return {
    /** The card behind a token of the caller's (or a test token the gateway documents); 400 otherwise. */
    async resolve(principal: Principal, token: string, pointer: string): Promise<UsableCard> {
      const invalid = () =>
        invalidField(pointer, 'is not a card token of yours that is still valid; tokenize the card again');
      if (token.startsWith('ctk_')) {
        const row = await deps.cardTokens.find(token);
        if (!row || row.user_id !== principal.userId || row.expires_at <= clock.now().toISOString())
          throw invalid();
        const card: CardSummary = {
          brand: row.brand,
          last4: row.last4,
          exp_month: row.exp_month,
          exp_year: row.exp_year,
        };
        return { gatewayToken: row.gateway_token, card };
      }
      const card = gateway.knownToken(token);
      if (!card) throw invalid();
      return { gatewayToken: token, card };
    },

    /**
     * Authorizes a card for a sale before its booking's transaction: the attempt is recorded first, so a
     * crash cannot leave an authorization nobody knows of; 402 PAYMENT_DECLINED when refused, and after a
     * timeout whatever authorization there may be is voided.
     */
    async authorize(
      payer: { userId: string; agencyId: string | null },
      { gatewayToken, card }: UsableCard,
      due: Due,
    ): Promise<Prepared> {
      const now = clock.now().toISOString();
      const paymentId = deps.ids.ordered('pay');
      await payments.insert(db, {
        id: paymentId,
        booking_id: null,
        product: null,
        user_id: payer.userId,
        agency_id: payer.agencyId,
        method: 'card',
        status: 'authorizing',
        amount: due.total,
        currency: due.currency,
        paid_amount: 0,
        refunded_amount: 0,
        card: cardColumn(card),
        gateway: gateway.name,
        gateway_token: gatewayToken,
        gateway_ref: null,
        exchange_rate: null,
        failure: null,
        created_at: now,
        updated_at: now,
      });
      const outcome = await gateway
        .authorize({
          token: gatewayToken,
          amount: due.total,
          currency: due.currency,
          idempotencyKey: paymentId,
        })
        .catch(() => ({ ok: false as const, reason: 'processing_timeout' as const }));
      if (!outcome.ok) {
        await db.transaction().execute(async (trx) => {
          await payments.update(trx, paymentId, {
            status: 'failed',
            failure: outcome.reason,
            updated_at: now,
          });
          // A timeout may hide an authorization made after all: cancel whatever there is.
          if (outcome.reason === 'processing_timeout') await deps.queue(trx, paymentId, 'void', due.total);
        });
        throw new AppError('PAYMENT_DECLINED', `The card payment was refused: ${outcome.reason}`, {
          decline_reason: outcome.reason,
        });
      }
      await payments.update(db, paymentId, {
        status: 'authorized',
        gateway_ref: outcome.ref,
        updated_at: now,
      });
      return { method: 'card', paymentId };
    },
  };
}

export type CardAuthorizations = ReturnType<typeof createCardAuthorizations>;
