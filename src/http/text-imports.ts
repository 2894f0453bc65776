import type { onRequestAsyncHookHandler } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { App } from './app-instance.ts';
import { errorResponses } from './schemas.ts';

/**
 * An admin operation that takes an operator's file as text (an SSIM schedule, a CSV table) rather than
 * JSON: the text media types are accepted by this route alone, in a scope of its own, and its problems
 * come back by line (VALIDATION_FAILED).
 */
export function textImportRoute(
  app: App,
  route: {
    url: string;
    types: string[];
    operationId: string;
    tags: string[];
    summary: string;
    description: string;
    response: TSchema;
    guard: onRequestAsyncHookHandler;
    bodyLimit: number;
    run: (text: string) => Promise<unknown>;
  },
) {
  app.register(async (plugin) => {
    const scope = plugin as unknown as App;
    scope.addContentTypeParser(
      route.types,
      { parseAs: 'string', bodyLimit: route.bodyLimit },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      route.url,
      {
        onRequest: route.guard,
        bodyLimit: route.bodyLimit,
        schema: {
          operationId: route.operationId,
          tags: route.tags,
          summary: route.summary,
          description: route.description,
          security: [{ oauth2: ['admin'] }],
          consumes: route.types,
          body: Type.String({ maxLength: route.bodyLimit }),
          response: {
            200: route.response,
            ...errorResponses(
              'VALIDATION_FAILED',
              'UNAUTHENTICATED',
              'FORBIDDEN',
              'INSUFFICIENT_SCOPE',
              'PAYLOAD_TOO_LARGE',
              'UNSUPPORTED_MEDIA_TYPE',
            ),
          },
        },
      },
      async (request) => route.run(request.body as string) as never,
    );
  });
}
