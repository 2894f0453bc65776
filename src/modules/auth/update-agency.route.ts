import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { AppError } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { UsersRepository } from './users-repository.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const AgencySchema = Type.Object(
  {
    id: Type.String({ examples: ['agy_5q3k0d1x8m2n4p6r7s9t0v1w'] }),
    name: Type.String(),
    billing_address: Type.Union([Type.String(), Type.Null()]),
    vat_id: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Agency' },
);

/** `POST /update_agency`: an agency's billing details, as invoices print them (admins). */
export function updateAgencyRoute(
  app: App,
  deps: { users: UsersRepository; guard: onRequestAsyncHookHandler },
) {
  app.post(
    '/update_agency',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'update_agency',
        tags: ['accounts'],
        summary: 'Set an agency’s billing details (admin)',
        description:
          'The billing address and VAT id printed on the invoices the agency is sent from now on (invoices ' +
          'already issued keep what they said; docs/invoices.md). `null` clears one; one left out stays.',
        security: [{ oauth2: ['admin'] }],
        body: Type.Object(
          {
            agency_id: Type.String({ minLength: 1, maxLength: 64 }),
            billing_address: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }))),
            vat_id: Type.Optional(
              Nullable(
                Type.String({
                  pattern: '^[A-Z]{2}[A-Z0-9+*.]{2,13}$',
                  description: 'Country prefix and number, no spaces (`DE123456789`)',
                  examples: ['FR12345678901'],
                }),
              ),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: AgencySchema,
          ...errorResponses(
            'UNAUTHENTICATED',
            'INVALID_TOKEN',
            'FORBIDDEN',
            'NOT_FOUND',
            'UNSUPPORTED_MEDIA_TYPE',
          ),
        },
      },
    },
    async (request) => {
      const { agency_id, ...fields } = request.body;
      const agency = await deps.users.updateAgency(agency_id, fields);
      if (!agency) throw new AppError('NOT_FOUND', 'No such agency');
      return agency;
    },
  );
}
