import Type from 'typebox';
import { AppError } from '../../http/app-error.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses } from '../../http/schemas.ts';

const Status = Type.Object({ status: Type.String({ examples: ['ok'] }) });

/** Liveness answers while the process runs; readiness also needs the database to answer. */
export function healthRoutes(app: App, deps: { ping: () => Promise<void> }) {
  app.get(
    '/health/live',
    {
      schema: {
        operationId: 'check_liveness',
        tags: ['system'],
        summary: 'Liveness',
        description: 'The process is up.',
        security: [],
        response: { 200: Status, ...errorResponses() },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        operationId: 'check_readiness',
        tags: ['system'],
        summary: 'Readiness',
        description: 'The process can serve: its database answers. 503 SERVICE_UNAVAILABLE otherwise.',
        security: [],
        response: { 200: Status, ...errorResponses('SERVICE_UNAVAILABLE') },
      },
    },
    async (request) => {
      try {
        await deps.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database does not answer');
      }
      return { status: 'ok' };
    },
  );
}
