import type { App } from '../../http/app-instance.ts';
import { formParams } from './form-params.ts';
import { OAUTH_ERROR_RESPONSES, TokenRequestSchema, TokenResponseSchema } from './oauth.schemas.ts';
import { OAuthError } from './oauth-error.ts';
import type { TokenService } from './token-service.ts';

export function issueTokenRoute(app: App, deps: { tokens: TokenService; perSourcePerMinute: number }) {
  const perSource = app.createRateLimit({
    max: deps.perSourcePerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `token:${request.ip}`,
  });
  app.post(
    '/connect/token',
    {
      schema: {
        operationId: 'issue_token',
        tags: ['auth'],
        summary: 'Get an access token (password or refresh_token grant)',
        description:
          'RFC 6749 token endpoint. Form-encoded only. `grant_type=password` with `client_id`, `username`, ' +
          '`password`; or `grant_type=refresh_token` with `refresh_token` (single use: reuse revokes the family). ' +
          'Repeated failures lock the account for a while; bursts from one source answer 429.',
        consumes: ['application/x-www-form-urlencoded'],
        security: [{}, { clientBasic: [] }],
        body: TokenRequestSchema,
        response: { 200: TokenResponseSchema, ...OAUTH_ERROR_RESPONSES },
      },
      // Counted apart from the general per-address limit, and much tighter: each request may cost a hash.
      onRequest: async (request) => {
        const limit = await perSource(request);
        if (!limit.isAllowed && limit.isExceeded)
          throw new OAuthError(
            'temporarily_unavailable',
            `Too many token requests; retry in ${limit.ttlInSeconds} s`,
            { status: 429, headers: { 'retry-after': String(limit.ttlInSeconds) } },
          );
      },
    },
    async (request, reply) => {
      const result = await deps.tokens.token(formParams(request), request.headers.authorization);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return result;
    },
  );
}
