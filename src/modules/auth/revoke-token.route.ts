import Type from 'typebox';
import type { App } from '../../http/app-instance.ts';
import { formParams } from './form-params.ts';
import { OAUTH_ERROR_RESPONSES, TokenOperandSchema } from './oauth.schemas.ts';
import type { TokenService } from './token-service.ts';

export function revokeTokenRoute(app: App, deps: { tokens: TokenService }) {
  app.post(
    '/connect/revoke',
    {
      schema: {
        operationId: 'revoke_token',
        tags: ['auth'],
        summary: 'Revoke an access or refresh token (RFC 7009)',
        description:
          'Revoking a refresh token revokes every token rotated from the same sign-in. An unknown or already ' +
          'revoked token still answers 200, as RFC 7009 §2.2 requires.',
        consumes: ['application/x-www-form-urlencoded'],
        security: [{}, { clientBasic: [] }],
        body: TokenOperandSchema,
        response: {
          200: Type.Object({}, { description: 'Revoked, or nothing to revoke' }),
          ...OAUTH_ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      await deps.tokens.revoke(formParams(request), request.headers.authorization);
      reply.header('cache-control', 'no-store');
      return {};
    },
  );
}
