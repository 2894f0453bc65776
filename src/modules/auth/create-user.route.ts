import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { AuditLog } from '../audit/index.ts';
import type { AccountsService } from './accounts-service.ts';
import { MIN_PASSWORD_LENGTH } from './accounts-service.ts';
import type { Role } from './scopes.ts';

export const CreateUserRequestSchema = Type.Object(
  {
    username: Type.String({ minLength: 3, maxLength: 128, examples: ['jane.doe'] }),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254, examples: ['jane@example.com'] })),
    password: Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 256 }),
    role: Type.Unsafe<Role>(Type.String({ enum: ['customer', 'agent', 'admin'] })),
    agency: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Required for agents; created if new' }),
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
        summary: 'Create a user account (admin)',
        description: `Admins only. Passwords need at least ${MIN_PASSWORD_LENGTH} characters; a taken username or e-mail is 409 CONFLICT.`,
        security: [{ oauth2: ['admin'] }],
        body: CreateUserRequestSchema,
        response: CREATED_USER_RESPONSES,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const user = await deps.accounts.createUser({ ...body, agencyName: body.agency });
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
