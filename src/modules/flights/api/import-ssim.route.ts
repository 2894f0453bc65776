import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import type { App } from '../../../http/app-instance.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { SsimImport } from '../inventory/ssim-import.ts';

/** SSIM files arrive as they are published: 200-character text records. */
const SSIM_TYPES = ['text/plain', 'application/vnd.iata.ssim'];

/** `POST /import_ssim` (admin): an IATA SSIM chapter 7 schedule file, as text. */
export function importSsimRoute(
  app: App,
  deps: { importSsim: SsimImport; guard: onRequestAsyncHookHandler; bodyLimit: number },
) {
  // A text body is taken by this operation only; everywhere else the API speaks JSON.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      SSIM_TYPES,
      { parseAs: 'string', bodyLimit: deps.bodyLimit },
      (_req, body, done) => done(null, body),
    );
    (scope as unknown as App).post(
      '/import_ssim',
      {
        onRequest: deps.guard,
        bodyLimit: deps.bodyLimit,
        schema: {
          operationId: 'import_ssim',
          tags: ['flight operations'],
          summary: 'Import an IATA SSIM schedule file (admin)',
          description:
            'The schedule file airlines publish (SSIM chapter 7, 200-character records), sent as `text/plain` or ' +
            '`application/vnd.iata.ssim`: passenger flight legs become schedules (cargo legs are skipped and ' +
            'counted), with local times, durations from the UTC offsets and date variations, days and periods ' +
            'of the leg itself, and seats per cabin from the aircraft configuration. All of it or nothing: ' +
            'each problem is listed with its `line`. SSIM carries no fares: import them as JSON or CSV. Rows ' +
            'match existing schedules on their natural keys, as in POST /import_flights.',
          security: [{ oauth2: ['admin'] }],
          body: Type.String({ maxLength: deps.bodyLimit }),
          response: {
            200: Type.Object({
              schedules: Type.Integer(),
              skipped: Type.Integer({ description: 'Legs not for passengers (cargo, positioning)' }),
              changed_bookings: Type.Array(Type.String()),
              disrupted_bookings: Type.Array(Type.String()),
            }),
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
      async (request) => deps.importSsim(request.body as string),
    );
  });
}
