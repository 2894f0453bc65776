import type { App } from '../../http/app-instance.ts';
import { formParams } from './form-params.ts';
import { OAUTH_ERROR_RESPONSES, TokenRequestSchema, TokenResponseSchema } from './oauth.schemas.ts';
import { tokenRequestLimit } from './token-rate-limit.ts';
import type { TokenService } from './token-service.ts';

export function issueTokenRoute(app: App, deps: { tokens: TokenService; perSourcePerMinute: number }) {
  const limited = tokenRequestLimit(app, deps.perSourcePerMinute);
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
      onRequest: limited,
    },
    async (request, reply) => {
      const result = await deps.tokens.token(formParams(request), request.headers.authorization);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return result;
    },
  );
}
