import type { Selectable } from 'kysely';
import Type from 'typebox';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import type { AgenciesTable } from '../../db/tables.ts';
import { AppError } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { ADMIN_PROBLEMS, type AdministrationDeps, MANAGE_SECURITY } from './admin-operations.ts';
import { mustReach, type Reach, reachOf } from './agency-reach.ts';
import { principalOf } from './bearer-guard.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const tags = ['accounts'];
const security = MANAGE_SECURITY;
const adminSecurity = [{ oauth2: ['admin'] }];
const AgencyId = Type.String({ minLength: 1, maxLength: 64, examples: ['agy_5q3k0d1x8m2n4p6r7s9t0v1w'] });

export const AgencySchema = Type.Object(
  {
    id: Type.String({ examples: ['agy_5q3k0d1x8m2n4p6r7s9t0v1w'] }),
    name: Type.String(),
    billing_address: Type.Union([Type.String(), Type.Null()]),
    vat_id: Type.Union([Type.String(), Type.Null()]),
    contact_email: Type.Union([Type.String(), Type.Null()]),
    contact_phone: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    suspended_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'While set, its users and machine clients are refused; its bookings stay',
    }),
  },
  { $id: 'Agency' },
);

const problems = ADMIN_PROBLEMS;
type Agency = Selectable<AgenciesTable>;
const Ref = Type.Ref('Agency');

/**
 * Agencies: listed, read and their billing details set by admins, and by an agency admin for its own;
 * suspended and reinstated by admins only.
 */
export function agenciesRoutes(app: App, deps: AdministrationDeps) {
  const found = async (id: string, reach: Reach = { kind: 'all' }) => {
    mustReach(reach, id, 'agency');
    const agency = await deps.users.findAgency(id);
    if (!agency) throw new AppError('NOT_FOUND', 'No such agency');
    return agency;
  };

  app.get(
    '/agencies',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_agencies',
        tags,
        summary: 'List agencies (admin, agency admin)',
        description: 'Every agency, by name; an agency admin’s own only.',
        security,
        response: { 200: Type.Object({ data: Type.Array(Ref) }), ...problems },
      },
    },
    async (request) => {
      const reach = reachOf(principalOf(request));
      return { data: reach.kind === 'all' ? await deps.users.listAgencies() : [await found(reach.agencyId)] };
    },
  );

  app.get(
    '/agency_details',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_agency',
        tags,
        summary: 'Get an agency (admin, agency admin)',
        description: 'One agency by `id`; to an agency admin, its own.',
        security,
        querystring: Type.Object({ id: AgencyId }),
        response: { 200: Ref, ...problems },
      },
    },
    async (request) => found(request.query.id, reachOf(principalOf(request))),
  );

  app.post(
    '/update_agency',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'update_agency',
        tags,
        summary: 'Set an agency’s name, contacts and billing details (admin, agency admin)',
        description:
          'Its name (another agency’s is 409), whom it is reached at, and the billing address and VAT id ' +
          'printed on the invoices it is sent from now on (invoices already issued keep what they said; ' +
          'docs/invoices.md). `null` clears one; one left out stays.',
        security,
        body: Type.Object(
          {
            agency_id: AgencyId,
            name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
            contact_email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254 }))),
            contact_phone: Type.Optional(
              Nullable(Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' })),
            ),
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
        response: { 200: Ref, ...errorResponses('CONFLICT'), ...problems },
      },
    },
    async (request) => {
      const { agency_id, ...fields } = request.body;
      mustReach(reachOf(principalOf(request)), agency_id, 'agency');
      const billing = (a: Omit<Agency, 'id' | 'created_at' | 'suspended_at'>) => ({
        name: a.name,
        contact_email: a.contact_email,
        contact_phone: a.contact_phone,
        billing_address: a.billing_address,
        vat_id: a.vat_id,
      });
      const agency = await deps.db.transaction().execute(async (trx) => {
        const before = await deps.users.findAgency(agency_id, trx);
        if (!before) return undefined;
        const after = await deps.users.updateAgency(agency_id, fields, trx).catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Another agency has this name');
          throw error;
        });
        await deps.audit.record(
          {
            action: 'agency.updated',
            agencyId: agency_id,
            target: { type: 'agency', id: agency_id },
            before: billing(before),
            after: after && billing(after),
          },
          trx,
        );
        return after;
      });
      if (!agency) throw new AppError('NOT_FOUND', 'No such agency');
      return agency;
    },
  );

  app.post(
    '/suspend_agency',
    {
      onRequest: deps.adminGuard,
      schema: {
        operationId: 'suspend_agency',
        tags,
        summary: 'Suspend an agency (admin)',
        description:
          'Its users and machine clients are refused at once — tokens they hold, sign-ins and new tokens — and ' +
          'their sign-ins end; its bookings, balance and invoices stay. POST /reinstate_agency lets them in again.',
        security: adminSecurity,
        body: Type.Object({ agency_id: AgencyId }, { additionalProperties: false }),
        response: { 200: Ref, ...problems },
      },
    },
    async (request) => {
      const id = request.body.agency_id;
      const agency = await found(id);
      if (!agency.suspended_at) {
        const now = deps.clock.now().toISOString();
        await deps.db.transaction().execute(async (trx) => {
          await deps.users.setAgencySuspended(id, now, trx);
          for (const userId of await deps.users.idsOfAgency(id, trx))
            await deps.tokens.revokeUserFamilies(userId, now, { trx });
          await deps.audit.record(
            { action: 'agency.suspended', agencyId: id, target: { type: 'agency', id } },
            trx,
          );
        });
      }
      return found(id);
    },
  );

  app.post(
    '/reinstate_agency',
    {
      onRequest: deps.adminGuard,
      schema: {
        operationId: 'reinstate_agency',
        tags,
        summary: 'Reinstate a suspended agency (admin)',
        description: 'Its users may sign in again and its machine clients get tokens again.',
        security: adminSecurity,
        body: Type.Object({ agency_id: AgencyId }, { additionalProperties: false }),
        response: { 200: Ref, ...problems },
      },
    },
    async (request) => {
      const id = request.body.agency_id;
      const agency = await found(id);
      if (agency.suspended_at)
        await deps.db.transaction().execute(async (trx) => {
          await deps.users.setAgencySuspended(id, null, trx);
          await deps.audit.record(
            { action: 'agency.reinstated', agencyId: id, target: { type: 'agency', id } },
            trx,
          );
        });
      return found(id);
    },
  );
}
