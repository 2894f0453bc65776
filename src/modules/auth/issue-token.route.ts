import type { App } from '../../http/app-instance.ts';
import { formParams } from './form-params.ts';
import { OAUTH_ERROR_RESPONSES, TokenRequestSchema, TokenResponseSchema } from './oauth.schemas.ts';
import { OAuthError } from './oauth-error.ts';
import type { TokenService } from './token-service.ts';

export function issueTokenRoute(app: App, deps: { tokens: TokenService; perSourcePerMinute: number }) {
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
      config: {
        rateLimit: {
          max: deps.perSourcePerMinute,
          timeWindow: 60_000,
          keyGenerator: (request) => `token:${request.ip}`,
          errorResponseBuilder: (_request, context) =>
            new OAuthError(
              'temporarily_unavailable',
              `Too many token requests; retry in ${Math.ceil(context.ttl / 1000)} s`,
              {
                status: 429,
              },
            ),
        },
      },
    },
    async (request, reply) => {
      const result = await deps.tokens.token(formParams(request), request.headers.authorization);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return result;
    },
  );
}
