import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { MAX_CURRENCIES } from './rate-file.ts';
import type { RateSource } from './rate-source.ts';
import { type RatesService, ratesView } from './rates-service.ts';

const tags = ['currencies'];

const RatesSchema = Type.Object(
  {
    as_of: Type.String({ format: 'date' }),
    base: Type.Literal('EUR'),
    source: Type.String({
      enum: ['imported', 'reference'],
      description: '`reference`: the table Itinera ships',
    }),
    rates: Type.Record(Type.String(), Type.Number(), { description: 'Units of each currency one euro buys' }),
    rates_as_of: Type.Record(Type.String(), Type.String({ format: 'date' }), {
      description:
        'The date of each rate: its latest import on or before today, or the shipped reference table’s for a ' +
        'currency never imported. `as_of` is the latest of them.',
    }),
  },
  { $id: 'ExchangeRates' },
);

export const RATE_SCHEMAS = [RatesSchema];

/** The exchange rates in force, and their import. */
export function ratesRoutes(
  app: App,
  deps: {
    service: RatesService;
    source: RateSource;
    guards: { read: onRequestAsyncHookHandler; admin: onRequestAsyncHookHandler };
  },
) {
  app.post(
    '/import_exchange_rates',
    {
      onRequest: deps.guards.admin,
      schema: {
        operationId: 'import_exchange_rates',
        tags,
        summary: 'Import a day’s exchange rates',
        description:
          'Units of each currency one euro buys (as the ECB publishes them), for `as_of`; a day imported again ' +
          'is replaced. Each currency’s latest rate dated on or before today is in force in every process ' +
          'within a poll (RATES_POLL_MS); a day may name a few currencies, and the others keep theirs. ' +
          'Searches compare and show prices with them, and a balance paying in another ' +
          'currency is converted at it (the booking records the rate).',
        security: [{ oauth2: ['admin'] }],
        body: Type.Object(
          {
            as_of: Type.String({ maxLength: 10, examples: ['2026-11-20'] }),
            base: Type.Optional(Type.String({ maxLength: 3, examples: ['EUR'] })),
            rates: Type.Record(
              Type.String({ pattern: '^[A-Z]{3}$' }),
              Type.Union([Type.Number(), Type.String({ maxLength: 30 })]),
              { maxProperties: MAX_CURRENCIES, examples: [{ USD: 1.1582, JPY: '178.92', KWD: 0.3561 }] },
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            as_of: Type.String(),
            currencies: Type.Integer(),
            in_force: Type.Ref('ExchangeRates'),
          }),
          ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'FORBIDDEN'),
        },
      },
    },
    async (request) => deps.service.importRates(request.body),
  );

  app.get(
    '/exchange_rates',
    {
      onRequest: deps.guards.read,
      schema: {
        operationId: 'get_exchange_rates',
        tags,
        summary: 'The exchange rates in force',
        description:
          'Units of each currency one euro buys, the date they are for, and whether they were imported.',
        security: [{ oauth2: ['read'] }],
        response: {
          200: Type.Ref('ExchangeRates'),
          ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async () => ratesView(deps.source),
  );
}
