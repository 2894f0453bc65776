import type { onRequestAsyncHookHandler } from 'fastify';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { principalOf } from '../auth/index.ts';
import type { CardTokenization } from './card-tokenization.ts';
import { CardTokenSchema, TokenizeCardRequestSchema } from './payments.schemas.ts';

/** Card tokens: the only operation that ever sees a card number. */
export function paymentsRoutes(
  app: App,
  deps: { cards: CardTokenization; guard: onRequestAsyncHookHandler },
) {
  app.post(
    '/tokenize_card',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'tokenize_card',
        tags: ['payments'],
        summary: 'Exchange card details for a card token',
        description:
          'The number goes to the payment gateway and is neither stored nor logged; Itinera keeps the brand, ' +
          'the last four digits and the expiry. The token is yours alone and valid for an hour. The test ' +
          'gateway takes only its documented test cards (docs/payments.md).',
        security: [{ oauth2: ['book'] }],
        body: TokenizeCardRequestSchema,
        response: { 201: CardTokenSchema, ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE') },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return deps.cards.tokenize(principalOf(request), request.body);
    },
  );
}
