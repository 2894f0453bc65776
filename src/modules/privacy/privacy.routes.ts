import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { AppError } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { principalOf } from '../auth/index.ts';
import type { Privacy } from './privacy.ts';

const tags = ['accounts'];
const UserId = Type.String({ minLength: 1, maxLength: 64 });

/** `GET /personal_data` (GDPR art. 15) and `POST /erase_personal_data` (art. 17). */
export function privacyRoutes(
  app: App,
  deps: { privacy: Privacy; guard: onRequestAsyncHookHandler; adminGuard: onRequestAsyncHookHandler },
) {
  app.get(
    '/personal_data',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'export_personal_data',
        tags,
        summary: 'Everything kept of a person, as one JSON file',
        description:
          'The caller’s own (GDPR art. 15), or an admin’s choice of `user_id`: the account, saved travellers, ' +
          'bookings with their passengers, guests and contacts (documents whole) and the audit entries that ' +
          'name the person. Sent as an attachment.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object({ user_id: Type.Optional(UserId) }, { additionalProperties: false }),
        response: {
          200: Type.Object(
            {
              exported_at: Type.String({ format: 'date-time' }),
              account: Type.Record(Type.String(), Type.Unknown()),
              traveller_profiles: Type.Array(Type.Unknown()),
              bookings: Type.Array(Type.Record(Type.String(), Type.Unknown())),
              audit_events: Type.Array(Type.Unknown()),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(
            'UNAUTHENTICATED',
            'INVALID_TOKEN',
            'INSUFFICIENT_SCOPE',
            'FORBIDDEN',
            'NOT_FOUND',
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      const userId = request.query.user_id ?? caller.userId;
      if (userId !== caller.userId && caller.role !== 'admin')
        throw new AppError('FORBIDDEN', 'Only admins export another person’s data');
      reply
        .header('content-disposition', `attachment; filename="personal-data-${userId}.json"`)
        .header('cache-control', 'no-store');
      return deps.privacy.exportOf(userId);
    },
  );

  app.post(
    '/erase_personal_data',
    {
      onRequest: deps.adminGuard,
      schema: {
        operationId: 'erase_personal_data',
        tags,
        summary: 'Erase a person (admin)',
        description:
          'GDPR art. 17: the account’s name and address go and it is disabled; its saved travellers and second ' +
          'factor are deleted; in its bookings every passenger, guest and contact is replaced (names, birth ' +
          'dates, documents, loyalty accounts, requests) while the bookings, tickets, invoices and money stay ' +
          'for the accounts; the addresses its mails went to are replaced. 409 while a booking is still to be ' +
          'travelled or stayed (its references given): cancel it first. Recorded in the audit log.',
        security: [{ oauth2: ['admin'] }],
        body: Type.Object({ user_id: UserId }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            user_id: Type.String(),
            erased_at: Type.String({ format: 'date-time' }),
            bookings: Type.Integer(),
            traveller_profiles: Type.Integer(),
            mails: Type.Integer(),
          }),
          ...errorResponses('UNAUTHENTICATED', 'INVALID_TOKEN', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => deps.privacy.erase(request.body.user_id),
  );
}
