import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { Database } from '../../db/tables.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Principal } from './access-tokens.ts';
import { MANAGE_SECURITY } from './admin-operations.ts';
import { mustReach, reachOf } from './agency-reach.ts';
import { principalOf } from './bearer-guard.ts';
import { attemptKey } from './lockout.ts';
import type { PasswordCheck } from './password-check.ts';
import type { SecondFactors } from './second-factors.ts';
import type { SecondFactorsRepository } from './second-factors-repository.ts';
import type { UsersRepository } from './users-repository.ts';

const tags = ['accounts'];
const self = [{ oauth2: ['read'] }];
const Code = Type.String({
  minLength: 6,
  maxLength: 20,
  description: 'The app’s six digits, or a recovery code',
});
const problems = errorResponses('UNAUTHENTICATED', 'INVALID_TOKEN', 'FORBIDDEN', 'CONFLICT');

/**
 * A person's second factor on the website (RFC 6238): its state, setting it up (a key, then its first
 * code), turning it off; and an administrator taking off a lost one (`reset_second_factor`).
 */
export function secondFactorRoutes(
  app: App,
  deps: {
    db: Kysely<Database>;
    factors: SecondFactors;
    repository: SecondFactorsRepository;
    users: UsersRepository;
    checkGuess: PasswordCheck;
    audit: Pick<AuditLog, 'record'>;
    guard: onRequestAsyncHookHandler;
    manageGuard: onRequestAsyncHookHandler;
  },
) {
  /** The person behind a token (a machine client has no second factor: 403), its password checked if given. */
  const person = async (caller: Principal, password?: string) => {
    if (caller.sessionId === null)
      throw new AppError('FORBIDDEN', 'A machine client has no second factor: its secret is its credential');
    const user = await deps.users.findById(caller.userId);
    if (!user) throw new AppError('NOT_FOUND', 'No such account');
    if (
      password !== undefined &&
      !(await deps.checkGuess(attemptKey(user, ''), user.password_hash, password)).ok
    )
      throw invalidField('/current_password', 'is not the current password, or the account is locked');
    return user;
  };

  app.get(
    '/second_factor',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_second_factor',
        tags,
        summary: 'Whether the caller signs in with a second factor',
        description: 'Whether one is on, one is being set up, and whether the account’s role must have one.',
        security: self,
        response: {
          200: Type.Object({
            enabled: Type.Boolean(),
            pending: Type.Boolean({ description: 'A key is being set up and waits for its first code' }),
            required: Type.Boolean({ description: 'The account’s role must have one (MFA_REQUIRED_ROLES)' }),
          }),
          ...problems,
        },
      },
    },
    async (request) => {
      const user = await person(principalOf(request));
      return { ...(await deps.factors.status(user.id)), required: deps.factors.required(user.role) };
    },
  );

  app.post(
    '/start_second_factor',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'start_second_factor',
        tags,
        summary: 'Set up a second factor: its key',
        description:
          'Given the current password: a new TOTP key (RFC 6238: SHA-1, six digits, 30 s) as `secret` and as an ' +
          '`otpauth://` URI for an authenticator app. It counts once `confirm_second_factor` gets its first code. ' +
          'One already on is 409: turn it off first.',
        security: self,
        body: Type.Object(
          { current_password: Type.String({ minLength: 1, maxLength: 256 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ secret: Type.String(), otpauth_uri: Type.String() }), ...problems },
      },
    },
    async (request) => deps.factors.start(await person(principalOf(request), request.body.current_password)),
  );

  app.post(
    '/confirm_second_factor',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'confirm_second_factor',
        tags,
        summary: 'Turn the second factor on with its first code',
        description:
          'From now on the website asks for a code at every sign-in, and /connect/token refuses the password ' +
          'grant for the account. The answer holds ten single-use recovery codes, shown this once.',
        security: self,
        body: Type.Object({ code: Code }, { additionalProperties: false }),
        response: { 200: Type.Object({ recovery_codes: Type.Array(Type.String()) }), ...problems },
      },
    },
    async (request) => ({
      recovery_codes: await deps.factors.confirm(await person(principalOf(request)), request.body.code),
    }),
  );

  app.post(
    '/disable_second_factor',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'disable_second_factor',
        tags,
        summary: 'Turn the second factor off',
        description:
          'Given the current password and a code. A role that must have one (MFA_REQUIRED_ROLES) is 403.',
        security: self,
        body: Type.Object(
          { current_password: Type.String({ minLength: 1, maxLength: 256 }), code: Code },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), ...problems },
      },
    },
    async (request, reply) => {
      const user = await person(principalOf(request), request.body.current_password);
      await deps.factors.disable(user, request.body.code);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/reset_second_factor',
    {
      onRequest: deps.manageGuard,
      schema: {
        operationId: 'reset_second_factor',
        tags,
        summary: 'Take off a person’s lost second factor (admin, agency admin)',
        description:
          'For someone who lost both the app and the recovery codes: the account signs in with its password ' +
          'again (and sets a new one up at once if its role needs one).',
        security: MANAGE_SECURITY,
        body: Type.Object(
          { user_id: Type.String({ minLength: 1, maxLength: 64 }) },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), ...errorResponses('NOT_FOUND'), ...problems },
      },
    },
    async (request, reply) => {
      const user = await deps.users.findById(request.body.user_id);
      if (!user) throw new AppError('NOT_FOUND', 'No such user');
      mustReach(reachOf(principalOf(request)), user.agency_id, 'user');
      await deps.db.transaction().execute(async (trx) => {
        await deps.repository.remove(user.id, trx);
        await deps.audit.record(
          { action: 'second_factor.reset', agencyId: user.agency_id, target: { type: 'user', id: user.id } },
          trx,
        );
      });
      return reply.code(204).send(null);
    },
  );
}
