import type { Kysely } from 'kysely';
import Type from 'typebox';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { ADMIN_PROBLEMS, type AdministrationDeps, MANAGE_SECURITY } from './admin-operations.ts';
import { agencyFilter, mustGrant, mustReach, type Reach, reachOf } from './agency-reach.ts';
import { principalOf } from './bearer-guard.ts';
import { belongsToAgency, ROLES, type Role } from './scopes.ts';
import type { UsersRepository } from './users-repository.ts';

const tags = ['accounts'];
const security = MANAGE_SECURITY;
const UserId = Type.String({ minLength: 1, maxLength: 64, examples: ['usr_5q3k0d1x8m2n4p6r7s9t0v1w'] });
const RoleSchema = Type.Unsafe<Role>(Type.String({ enum: [...ROLES] }));

export const UserAccountSchema = Type.Object(
  {
    id: Type.String(),
    username: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    role: Type.String(),
    agency_id: Type.Union([Type.String(), Type.Null()]),
    disabled: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    sessions_reset_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When its sessions were last ended: tokens issued before are refused',
    }),
    client_id: Type.Union([Type.String(), Type.Null()], {
      description: 'The machine client this account is, if it is one (changed through the client)',
    }),
  },
  { $id: 'UserAccount' },
);

type Row = NonNullable<Awaited<ReturnType<UsersRepository['findWithClient']>>>;
const view = (r: Row) => ({ ...r, disabled: r.disabled === 1 });
const problems = ADMIN_PROBLEMS;

/**
 * People's accounts: listed, read, changed, disabled, their sessions ended — by admins, and by agency admins
 * within their agency (another agency's account is 404 to them).
 */
export function usersRoutes(app: App, deps: AdministrationDeps) {
  const { users } = deps;
  const found = async (id: string, reach: Reach = { kind: 'all' }) => {
    const row = await users.findWithClient(id);
    if (!row) throw new AppError('NOT_FOUND', 'No such user');
    mustReach(reach, row.agency_id, 'user');
    return row;
  };
  /** Ends every sign-in of an account and refuses every token it was issued before now, in `trx`. */
  const endSessions = async (trx: Kysely<Database>, id: string, now: string) => {
    await users.update(id, { sessions_reset_at: now }, now, trx);
    await deps.tokens.revokeUserFamilies(id, now, { trx });
  };
  /** What the audit log keeps of an account. */
  const state = (u: { email: string | null; role: string; agency_id: string | null; disabled: number }) => ({
    email: u.email,
    role: u.role,
    agency_id: u.agency_id,
    disabled: u.disabled === 1,
  });

  app.get(
    '/users',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_users',
        tags,
        summary: 'List user accounts (admin, agency admin)',
        description:
          'By username, `limit` at a time (`next_cursor` for more); `role`, `agency_id` and `q` (the start of a ' +
          'username or e-mail) narrow the list. An agency admin sees its agency’s accounts only.',
        security,
        querystring: Type.Object({
          role: Type.Optional(RoleSchema),
          agency_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          q: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
          cursor: Type.Optional(Type.String({ maxLength: 400 })),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(Type.Ref('UserAccount')),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...problems,
        },
      },
    },
    async (request) => {
      const { role, agency_id, q, limit = 50, cursor } = request.query;
      let after: string | undefined;
      if (cursor !== undefined) {
        const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
        if (!decoded.startsWith('u:'))
          throw invalidField('/cursor', 'is not a cursor of this list', 'querystring');
        after = decoded.slice(2);
      }
      const agencyId = agencyFilter(reachOf(principalOf(request)), agency_id);
      const page = await users.list({ role, agencyId, q }, after, limit);
      const last = page.rows.at(-1);
      return {
        data: page.rows.map(view),
        next_cursor: page.more && last ? Buffer.from(`u:${last.username}`).toString('base64url') : null,
      };
    },
  );

  app.get(
    '/user',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_user',
        tags,
        summary: 'Get a user account (admin, agency admin)',
        description: 'One account by `id`.',
        security,
        querystring: Type.Object({ id: UserId }),
        response: { 200: Type.Ref('UserAccount'), ...problems },
      },
    },
    async (request) => view(await found(request.query.id, reachOf(principalOf(request)))),
  );

  app.post(
    '/update_user',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'update_user',
        tags,
        summary: 'Change, disable or enable a user account (admin, agency admin)',
        description:
          'Agents and agency admins belong to an agency (`agency_id`); customers and admins to none. Changing the ' +
          'role or agency, or disabling, ends the account’s sessions: tokens it holds are refused at once. An ' +
          'agency admin changes its agency’s accounts between agent and agency admin and keeps them in its agency ' +
          '(403 otherwise). A machine client’s account changes through its client (409 CONFLICT).',
        security,
        body: Type.Object(
          {
            user_id: UserId,
            email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()])),
            role: Type.Optional(RoleSchema),
            agency_id: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()])),
            disabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref('UserAccount'), ...errorResponses('CONFLICT'), ...problems },
      },
    },
    async (request) => {
      const { user_id, ...changes } = request.body;
      const reach = reachOf(principalOf(request));
      const user = await found(user_id, reach);
      if (user.client_id)
        throw new AppError(
          'CONFLICT',
          `This account is machine client ${user.client_id}: change it through the client`,
        );
      const role = changes.role ?? user.role;
      mustGrant(reach, role);
      const agencyId =
        changes.agency_id !== undefined ? changes.agency_id : belongsToAgency(role) ? user.agency_id : null;
      if (belongsToAgency(role) && !agencyId) throw invalidField('/agency_id', `is required for an ${role}`);
      if (!belongsToAgency(role) && agencyId)
        throw invalidField('/agency_id', 'is for agents and agency admins only');
      mustReach(reach, agencyId, 'agency');
      if (agencyId && agencyId !== user.agency_id && !(await users.findAgency(agencyId)))
        throw invalidField('/agency_id', 'is not an agency');
      const now = deps.clock.now().toISOString();
      const email = changes.email === undefined ? user.email : (changes.email?.toLowerCase() ?? null);
      const disabled = changes.disabled === undefined ? user.disabled : changes.disabled ? 1 : 0;
      const entitlements =
        role !== user.role || agencyId !== user.agency_id || (disabled === 1 && user.disabled === 0);
      try {
        await deps.db.transaction().execute(async (trx) => {
          await users.update(user_id, { email, role, agency_id: agencyId, disabled }, now, trx);
          if (entitlements) await endSessions(trx, user_id, now);
          await deps.audit.record(
            {
              action: 'user.updated',
              target: { type: 'user', id: user_id },
              agencyId: agencyId ?? user.agency_id,
              before: state(user),
              after: state({ email, role, agency_id: agencyId, disabled }),
            },
            trx,
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Another account has this e-mail');
        throw error;
      }
      return view(await found(user_id));
    },
  );

  app.post(
    '/end_user_sessions',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'end_user_sessions',
        tags,
        summary: 'Sign a user out everywhere (admin, agency admin)',
        description: 'Every sign-in of the account ends and every token issued to it until now is refused.',
        security,
        body: Type.Object({ user_id: UserId }, { additionalProperties: false }),
        response: { 200: Type.Ref('UserAccount'), ...problems },
      },
    },
    async (request) => {
      const user = await found(request.body.user_id, reachOf(principalOf(request)));
      await deps.db.transaction().execute(async (trx) => {
        await endSessions(trx, user.id, deps.clock.now().toISOString());
        await deps.audit.record(
          { action: 'user.sessions_ended', target: { type: 'user', id: user.id }, agencyId: user.agency_id },
          trx,
        );
      });
      return view(await found(request.body.user_id));
    },
  );
}
