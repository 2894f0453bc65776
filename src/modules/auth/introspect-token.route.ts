import type { App } from '../../http/app-instance.ts';
import { formParams } from './form-params.ts';
import { IntrospectionSchema, OAUTH_ERROR_RESPONSES, TokenOperandSchema } from './oauth.schemas.ts';
import type { TokenService } from './token-service.ts';

export function introspectTokenRoute(app: App, deps: { tokens: TokenService }) {
  app.post(
    '/connect/introspect',
    {
      schema: {
        operationId: 'introspect_token',
        tags: ['auth'],
        summary: 'Describe a token (RFC 7662)',
        description:
          'A confidential client authenticates as at the token endpoint (a public client is refused, 401 ' +
          '`invalid_client`: RFC 7662 §2.1) and may introspect only tokens issued to it; any other token, and any ' +
          'expired, used or revoked one, is `{"active": false}`.',
        consumes: ['application/x-www-form-urlencoded'],
        security: [{}, { clientBasic: [] }],
        body: TokenOperandSchema,
        response: { 200: IntrospectionSchema, ...OAUTH_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const result = await deps.tokens.introspect(formParams(request), request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return result;
    },
  );
}
