import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { invalidField } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { AuditLog } from '../audit/index.ts';
import type { AccountsService } from './accounts-service.ts';
import { MIN_PASSWORD_LENGTH } from './accounts-service.ts';
import { MANAGE_SECURITY } from './admin-operations.ts';
import { mustGrant, type Reach, reachOf } from './agency-reach.ts';
import { principalOf } from './bearer-guard.ts';
import { ROLES, type Role } from './scopes.ts';

export const CreateUserRequestSchema = Type.Object(
  {
    username: Type.String({ minLength: 3, maxLength: 128, examples: ['jane.doe'] }),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254, examples: ['jane@example.com'] })),
    password: Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 256 }),
    role: Type.Unsafe<Role>(Type.String({ enum: [...ROLES] })),
    agency: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Required for agents and agency admins (created if new); left out by an agency admin, whose accounts ' +
          'join its own agency',
      }),
    ),
  },
  { $id: 'CreateUserRequest', additionalProperties: false },
);

export const UserSchema = Type.Object(
  {
    id: Type.String({ examples: ['usr_5q3k0d1x8m2n4p6r7s9t0v1w'] }),
    username: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    role: Type.String(),
    agency_id: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'User' },
);

/** What making an account answers: the account, or why not. */
export const CREATED_USER_RESPONSES = {
  201: UserSchema,
  ...errorResponses(
    'UNAUTHENTICATED',
    'INVALID_TOKEN',
    'FORBIDDEN',
    'CONFLICT',
    'UNSUPPORTED_MEDIA_TYPE',
    'PAYLOAD_TOO_LARGE',
  ),
};

/** An account as `UserSchema` shows it. */
export const userView = (user: {
  id: string;
  username: string;
  email: string | null;
  role: string;
  agency_id: string | null;
  created_at: string;
}) => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role,
  agency_id: user.agency_id,
  created_at: user.created_at,
});

/**
 * Where a new account goes: where an admin says; an agency admin's into its own agency, with one of its
 * agency's roles (403 otherwise).
 */
export function placeNewAccount(
  reach: Reach,
  body: { role: Role; agency?: string | undefined },
): { agencyName?: string | undefined; agencyId?: string } {
  mustGrant(reach, body.role);
  if (reach.kind === 'all') return { agencyName: body.agency };
  if (body.agency !== undefined)
    throw invalidField('/agency', 'is left out by an agency admin: the account joins its own agency');
  return { agencyId: reach.agencyId };
}

/** `POST /create_user`: operators create customer, agent and admin accounts. */
export function createUserRoute(
  app: App,
  deps: { accounts: AccountsService; guard: onRequestAsyncHookHandler; audit: Pick<AuditLog, 'record'> },
) {
  app.post(
    '/create_user',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'create_user',
        tags: ['accounts'],
        summary: 'Create a user account (admin, agency admin)',
        description:
          `Admins make any account; an agency admin makes agents and agency admins of its own agency (another role ` +
          `is 403). Passwords need at least ${MIN_PASSWORD_LENGTH} characters; a taken username or e-mail is 409 CONFLICT.`,
        security: MANAGE_SECURITY,
        body: CreateUserRequestSchema,
        response: CREATED_USER_RESPONSES,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const place = placeNewAccount(reachOf(principalOf(request)), body);
      const user = await deps.accounts.createUser({ ...body, ...place });
      await deps.audit.record({
        action: 'user.created',
        target: { type: 'user', id: user.id },
        agencyId: user.agency_id,
        after: { username: user.username, email: user.email, role: user.role, agency_id: user.agency_id },
      });
      reply.code(201);
      return userView(user);
    },
  );
}
