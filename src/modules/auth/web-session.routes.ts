import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { AppError } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';
import { OAuthError } from './oauth-error.ts';
import type { TokenResponse, TokenService } from './token-service.ts';

/** The website's OAuth client (migration 0024): public, password and refresh_token grants. */
export const WEB_CLIENT_ID = 'itinera-web';
const COOKIE = 'itinera_session';

const SignInSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
    one_time_code: Type.Optional(
      Type.String({
        minLength: 6,
        maxLength: 20,
        description: 'The second factor’s code (or a recovery code), for an account that has one',
      }),
    ),
  },
  { additionalProperties: false },
);
const EmptySchema = Type.Object({}, { additionalProperties: false });
const WebSessionSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds the access token lives' }),
  scope: Type.String(),
  recovery_codes: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'When this sign-in set up the second factor: its ten single-use recovery codes, shown once',
    }),
  ),
});

/** Where the website is served from: its public URL, and whether forwarded headers are believed. */
export interface SiteOrigin {
  publicUrl: string;
  trustProxy: boolean;
}

/**
 * A cross-site page cannot use these routes: the browser sends the cookie only to the same site
 * (SameSite=Strict), the JSON body forces a CORS preflight, and an Origin other than the server's own is
 * refused outright. The server's own is PUBLIC_URL's origin, or the Host the request came to when no
 * proxy is trusted; behind a trusted proxy only PUBLIC_URL counts, as forwarded hosts can be forged.
 * Renewing and ending a session also need an Origin: browsers send one with every POST, and a request
 * that hides it is refused rather than believed.
 */
function refuseCrossOrigin(request: FastifyRequest, site: SiteOrigin, originRequired: boolean): void {
  const origin = request.headers.origin;
  if (origin === undefined) {
    if (originRequired)
      throw new AppError(
        'FORBIDDEN',
        'Send the Origin header: web sessions are for pages of this server only',
      );
    return;
  }
  const own = new Set([new URL(site.publicUrl).origin]);
  if (!site.trustProxy) own.add(`${request.protocol}://${request.headers.host ?? ''}`);
  if (!own.has(origin)) throw new AppError('FORBIDDEN', 'Web sessions are for pages of this server only');
}

function oauthToProblem(error: unknown, refused: 'INVALID_CREDENTIALS' | 'SESSION_EXPIRED'): unknown {
  if (!(error instanceof OAuthError)) return error;
  if (error.error === 'temporarily_unavailable')
    return new AppError(
      error.status === 429 ? 'RATE_LIMITED' : 'OVERLOADED',
      error.message,
      {},
      error.headers,
    );
  return new AppError(refused, error.message);
}

/**
 * The website's sign-in, as the OAuth "token-mediating backend" pattern for browser apps: the refresh
 * token lives in an HttpOnly cookie the page's script cannot read, and the short-lived access token is
 * handed to the page to keep in memory only, never in localStorage.
 */
export async function webSessionRoutes(
  app: App,
  deps: { tokens: TokenService; limited: onRequestAsyncHookHandler; site: SiteOrigin },
): Promise<void> {
  await app.register(cookie);
  // The shared per-source count of sign-ins, its refusal in problem details like the rest of these routes.
  const limited: onRequestAsyncHookHandler = async function (request, reply) {
    await deps.limited.call(this, request, reply).catch((error: unknown) => {
      throw oauthToProblem(error, 'INVALID_CREDENTIALS');
    });
  };

  const answer = (request: FastifyRequest, reply: FastifyReply, tokens: TokenResponse) => {
    if (tokens.refresh_token)
      reply.setCookie(COOKIE, tokens.refresh_token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        path: '/',
      });
    reply.header('cache-control', 'no-store');
    return {
      access_token: tokens.access_token,
      token_type: tokens.token_type,
      expires_in: tokens.expires_in,
      scope: tokens.scope,
      ...(tokens.recovery_codes ? { recovery_codes: tokens.recovery_codes } : {}),
    };
  };
  const common = { tags: ['auth'], security: [{}] };

  app.post(
    '/web_session',
    {
      schema: {
        ...common,
        operationId: 'start_web_session',
        summary: 'Sign in to the website',
        description:
          'For the browser pages this server serves: a password sign-in that answers the access token and ' +
          'keeps the refresh token in an HttpOnly, SameSite=Strict cookie. Other clients use POST /connect/token. ' +
          'An account with a second factor sends its code as `one_time_code` (401 SECOND_FACTOR_REQUIRED without ' +
          'it); one whose role needs a second factor it has not set up gets 401 SECOND_FACTOR_ENROLMENT_REQUIRED ' +
          'with the key to set up, and signs in again with its first code.',
        body: SignInSchema,
        response: {
          200: WebSessionSchema,
          ...errorResponses(
            'INVALID_CREDENTIALS',
            'SECOND_FACTOR_REQUIRED',
            'SECOND_FACTOR_ENROLMENT_REQUIRED',
            'FORBIDDEN',
          ),
        },
      },
      onRequest: limited,
    },
    async (request, reply) => {
      refuseCrossOrigin(request, deps.site, false);
      const tokens = await deps.tokens
        .website(
          {
            grant_type: 'password',
            client_id: WEB_CLIENT_ID,
            username: request.body.username,
            password: request.body.password,
          },
          request.body.one_time_code,
        )
        .catch((error: unknown) => {
          throw oauthToProblem(error, 'INVALID_CREDENTIALS');
        });
      return answer(request, reply, tokens);
    },
  );

  app.post(
    '/refresh_web_session',
    {
      schema: {
        ...common,
        operationId: 'refresh_web_session',
        summary: 'Renew the website session',
        description:
          'A new access token for the session in the cookie; the cookie’s refresh token is used once and ' +
          'replaced. 401 SESSION_EXPIRED when there is no session: sign in again.',
        body: Type.Optional(EmptySchema),
        response: { 200: WebSessionSchema, ...errorResponses('SESSION_EXPIRED', 'FORBIDDEN') },
      },
    },
    async (request, reply) => {
      refuseCrossOrigin(request, deps.site, true);
      const refreshToken = request.cookies[COOKIE];
      if (!refreshToken) throw new AppError('SESSION_EXPIRED', 'There is no session to renew');
      const tokens = await deps.tokens
        .token(
          { grant_type: 'refresh_token', client_id: WEB_CLIENT_ID, refresh_token: refreshToken },
          undefined,
        )
        .catch((error: unknown) => {
          reply.clearCookie(COOKIE, { path: '/' });
          throw oauthToProblem(error, 'SESSION_EXPIRED');
        });
      return answer(request, reply, tokens);
    },
  );

  app.post(
    '/end_web_session',
    {
      schema: {
        ...common,
        operationId: 'end_web_session',
        summary: 'Sign out of the website',
        description: 'Revokes the session’s refresh token (and so its family) and clears the cookie.',
        body: Type.Optional(EmptySchema),
        response: { 204: Type.Null(), ...errorResponses('FORBIDDEN') },
      },
    },
    async (request, reply) => {
      refuseCrossOrigin(request, deps.site, true);
      const refreshToken = request.cookies[COOKIE];
      if (refreshToken)
        await deps.tokens.revoke({ client_id: WEB_CLIENT_ID, token: refreshToken }, undefined);
      reply.clearCookie(COOKIE, { path: '/' }).header('cache-control', 'no-store').code(204);
      return null;
    },
  );
}
