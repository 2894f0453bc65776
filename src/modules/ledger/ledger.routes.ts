import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { decodeKeyset, encodeKeyset } from '../../http/keyset.ts';
import { errorResponses, PageQuerySchema } from '../../http/schemas.ts';
import { principalOf } from '../auth/index.ts';
import { CreditLimitRequestSchema, TopUpRequestSchema } from './ledger.schemas.ts';
import type { LedgerService } from './ledger-service.ts';

const tags = ['balances'];
const Account = Type.Ref('AgencyAccount');
const AgencyQuery = Type.Optional(
  Type.String({ maxLength: 100, description: 'Admins: the agency; agents see their own and may omit it' }),
);

/** Agency balances and their statements. */
export function ledgerRoutes(
  app: App,
  deps: {
    service: LedgerService;
    guards: {
      read: onRequestAsyncHookHandler;
      /** Admins and an agency's people. */
      agency: onRequestAsyncHookHandler;
      admin: onRequestAsyncHookHandler;
    };
  },
) {
  app.post(
    '/top_up_balance',
    {
      onRequest: deps.guards.admin,
      schema: {
        operationId: 'top_up_balance',
        tags,
        summary: 'Record money an agency paid in',
        description:
          'Credits the agency’s balance (and debits `funds_received`) in one ledger transaction. The first ' +
          'top-up or credit limit fixes the account’s currency; later ones must use it (409 CURRENCY_MISMATCH).',
        security: [{ oauth2: ['admin'] }],
        body: TopUpRequestSchema,
        response: {
          200: Type.Object({ transaction_id: Type.String(), account: Account }),
          ...errorResponses(
            'NOT_FOUND',
            'CURRENCY_MISMATCH',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'FORBIDDEN',
          ),
        },
      },
    },
    async (request) => deps.service.topUp(principalOf(request), request.body),
  );

  app.post(
    '/set_credit_limit',
    {
      onRequest: deps.guards.admin,
      schema: {
        operationId: 'set_credit_limit',
        tags,
        summary: 'Let an agency book on credit',
        description:
          'Agents may book until the balance reaches `-credit_limit`. Lowering the limit below what is already ' +
          'used stops new bookings but takes nothing back.',
        security: [{ oauth2: ['admin'] }],
        body: CreditLimitRequestSchema,
        response: {
          200: Account,
          ...errorResponses(
            'NOT_FOUND',
            'CURRENCY_MISMATCH',
            'UNAUTHENTICATED',
            'INSUFFICIENT_SCOPE',
            'FORBIDDEN',
          ),
        },
      },
    },
    async (request) => deps.service.setCreditLimit(principalOf(request), request.body),
  );

  app.get(
    '/balance',
    {
      onRequest: deps.guards.agency,
      schema: {
        operationId: 'get_balance',
        tags,
        summary: 'An agency’s balance and credit',
        description:
          'Agents: their own agency’s; admins name the agency. `available` is what bookings paid from the ' +
          'balance can still take. An agency no money has moved for shows zero in EUR.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object({ agency_id: AgencyQuery }, { additionalProperties: false }),
        response: {
          200: Account,
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'FORBIDDEN'),
        },
      },
    },
    async (request) => deps.service.balance(principalOf(request), request.query.agency_id),
  );

  app.get(
    '/ledger_entries',
    {
      onRequest: deps.guards.agency,
      schema: {
        operationId: 'list_ledger_entries',
        tags,
        summary: 'An agency’s statement: every entry of its account, oldest first',
        description:
          'Top-ups, sales paid from the balance and refunds to it, each with the balance after it. The balance ' +
          'is always the sum of the entries.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object(
          { agency_id: AgencyQuery, ...PageQuerySchema },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            data: Type.Array(Type.Ref('LedgerEntry')),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
            total_count: Type.Integer(),
          }),
          ...errorResponses('INVALID_CURSOR', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'FORBIDDEN'),
        },
      },
    },
    async (request) => {
      const { agency_id, limit = 20, cursor } = request.query;
      const principal = principalOf(request);
      const filter = { agency_id: agency_id ?? principal.agencyId };
      const after = decodeKeyset(cursor, filter);
      const page = await deps.service.entries(principal, agency_id, after, limit);
      const last = page.rows[page.rows.length - 1];
      return {
        data: page.rows.map((r) => ({ ...r, balance_after: r.balance_after ?? 0 })),
        next_cursor: page.more && last ? encodeKeyset({ value: last.id, id: last.id }, filter) : null,
        total_count: page.total,
      };
    },
  );
}
