import { randomBytes } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { languageFrom } from '../../http/accept-language.ts';
import { AppError } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { LANGUAGES, type Language } from '../../shared/messages/catalogue.ts';
import { type AccountsService, MIN_PASSWORD_LENGTH } from './accounts-service.ts';
import { MANAGE_SECURITY } from './admin-operations.ts';
import { reachOf } from './agency-reach.ts';
import { principalOf } from './bearer-guard.ts';
import {
  CREATED_USER_RESPONSES,
  CreateUserRequestSchema,
  placeNewAccount,
  userView,
} from './create-user.route.ts';
import {
  INVITE_LINK_DAYS,
  type PasswordResets,
  RESET_LINK_MINUTES,
  RESETS_PER_HOUR,
} from './password-resets.ts';

const tags = ['accounts'];
const NewPassword = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 256 });

/**
 * `POST /invite_user` (admins), `POST /request_password_reset` and `POST /reset_password` (no sign-in:
 * the mailbox is the proof), and `POST /change_password` (a person signed in).
 */
export function passwordResetRoutes(
  app: App,
  deps: {
    resets: PasswordResets;
    guard: onRequestAsyncHookHandler;
    accounts: AccountsService;
    manageGuard: onRequestAsyncHookHandler;
  },
) {
  app.post(
    '/invite_user',
    {
      onRequest: deps.manageGuard,
      schema: {
        operationId: 'invite_user',
        tags,
        summary: 'Create an account and mail its owner a link to choose the password (admin, agency admin)',
        description:
          'As create_user, without a password: the account gets one nobody knows, and `email` a link (and ' +
          `its code for reset_password) that works once, for ${INVITE_LINK_DAYS} days, to choose it. In \`language\`, ` +
          'else the best of Accept-Language. An agency admin invites agents and agency admins of its agency. A ' +
          'taken username or e-mail is 409 CONFLICT.',
        security: MANAGE_SECURITY,
        body: Type.Object(
          {
            username: CreateUserRequestSchema.properties.username,
            email: Type.String({ format: 'email', maxLength: 254, examples: ['jane@example.com'] }),
            role: CreateUserRequestSchema.properties.role,
            agency: CreateUserRequestSchema.properties.agency,
            language: Type.Optional(Type.Unsafe<Language>(Type.String({ enum: Object.keys(LANGUAGES) }))),
          },
          { additionalProperties: false },
        ),
        response: CREATED_USER_RESPONSES,
      },
    },
    async (request, reply) => {
      const { username, email, role, agency, language } = request.body;
      const user = await deps.accounts.createUser({
        username,
        email,
        role,
        ...placeNewAccount(reachOf(principalOf(request)), { role, agency }),
        // A password nobody knows until the owner chooses one through the mailed link.
        password: randomBytes(32).toString('base64url'),
      });
      await deps.resets.invite(
        { id: user.id, email: user.email ?? email, agencyId: user.agency_id },
        languageFrom(language, request.headers['accept-language']),
      );
      return reply.code(201).send(userView(user));
    },
  );

  app.post(
    '/request_password_reset',
    {
      schema: {
        operationId: 'request_password_reset',
        tags,
        summary: 'Mail a link to choose a new password',
        description:
          'For the account with this user name or e-mail address, a mail with a link (and its code for ' +
          `reset_password) that works once, for ${RESET_LINK_MINUTES} minutes. The answer is the same whether or not ` +
          'such an account exists, can sign in or has an e-mail address, so nobody learns which accounts exist; ' +
          `an account is mailed at most ${RESETS_PER_HOUR} times an hour. The mail is in \`language\`, else the ` +
          'best of Accept-Language that Itinera speaks.',
        security: [],
        body: Type.Object(
          {
            login: Type.String({ minLength: 1, maxLength: 254, examples: ['jane@example.com'] }),
            language: Type.Optional(Type.Unsafe<Language>(Type.String({ enum: Object.keys(LANGUAGES) }))),
          },
          { additionalProperties: false },
        ),
        response: {
          202: Type.Object({ status: Type.Literal('accepted') }),
          ...errorResponses('UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const { login, language } = request.body;
      await deps.resets.request(login, languageFrom(language, request.headers['accept-language']));
      return reply.code(202).send({ status: 'accepted' });
    },
  );

  app.post(
    '/reset_password',
    {
      schema: {
        operationId: 'reset_password',
        tags,
        summary: 'Choose a new password with a reset link’s code',
        description:
          'The code of a reset mail (the link’s `#token=`) and the new password. The code works once, for ' +
          `${RESET_LINK_MINUTES} minutes, and only the newest mail’s; every session of the account ends, and a lockout ` +
          'after failed sign-ins is lifted. A used, expired or unknown code is 400 INVALID_RESET_TOKEN.',
        security: [],
        body: Type.Object(
          { token: Type.String({ minLength: 1, maxLength: 200 }), new_password: NewPassword },
          { additionalProperties: false },
        ),
        response: {
          204: Type.Null(),
          ...errorResponses(
            'INVALID_RESET_TOKEN',
            'UNSUPPORTED_MEDIA_TYPE',
            'PAYLOAD_TOO_LARGE',
            'RATE_LIMITED',
          ),
        },
      },
    },
    async (request, reply) => {
      await deps.resets.reset(request.body.token, request.body.new_password);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/change_password',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'change_password',
        tags,
        summary: 'Change your own password',
        description:
          'A person signed in (not a machine client) gives the current password and a new one; the account’s ' +
          'other sessions end, this one goes on. A wrong current password is 400 VALIDATION_FAILED at ' +
          '/current_password and counts as a failed sign-in towards the lockout.',
        security: [{ oauth2: [] }],
        body: Type.Object(
          { current_password: Type.String({ minLength: 1, maxLength: 256 }), new_password: NewPassword },
          { additionalProperties: false },
        ),
        response: {
          204: Type.Null(),
          ...errorResponses(
            'UNAUTHENTICATED',
            'INVALID_TOKEN',
            'FORBIDDEN',
            'UNSUPPORTED_MEDIA_TYPE',
            'RATE_LIMITED',
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      if (caller.sessionId === null)
        throw new AppError(
          'FORBIDDEN',
          'A machine client has no password to change: rotate its secret instead',
        );
      await deps.resets.change(caller, request.body.current_password, request.body.new_password);
      return reply.code(204).send(null);
    },
  );
}
