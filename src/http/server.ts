import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { TSchema } from 'typebox';
import type { Config } from '../config.ts';
import { createMetrics } from '../ports/metrics.ts';
import type { App } from './app-instance.ts';
import { registerCompression } from './compression.ts';
import { registerCors } from './cors.ts';
import { clientErrorHandler, frameworkError, registerProblemHandling } from './error-handler.ts';
import { registerLoadShedding } from './load-shedding.ts';
import { registerMetrics } from './metrics.ts';
import { requestIdFor } from './request-id.ts';
import { ProblemSchema } from './schemas.ts';
import { validationOptions } from './validation.ts';
import { registerVersioning } from './versioning.ts';

/**
 * The Fastify instance every module declares its routes on, with what every request meets before a
 * route: request ids, body limit and proxy trust, problem details for every error, CORS, compression,
 * metrics, API versions and load shedding. `schemas` are the shared ones routes refer to by `$ref`.
 */
export async function createServer(options: {
  config: Config;
  logger: boolean | object;
  schemas: TSchema[];
}) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger,
    genReqId: requestIdFor,
    requestIdHeader: false,
    bodyLimit: config.http.bodyLimitBytes,
    trustProxy: config.http.trustProxy,
    ...validationOptions,
    frameworkErrors: frameworkError,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  app.decorateRequest('principal', null);
  app.decorateRequest('authFailure', null);
  app.removeContentTypeParser('text/plain');
  for (const schema of [ProblemSchema, ...options.schemas]) app.addSchema(schema);
  registerProblemHandling(app);
  await registerCors(app, config.http.corsOrigins);
  await registerCompression(app);
  const metrics = createMetrics();
  registerMetrics(app, metrics, { token: config.http.metricsToken });
  registerVersioning(app);
  await registerLoadShedding(app, {
    eventLoopDelayMs: config.load.maxEventLoopDelayMs,
    heapUsedBytes: config.load.maxHeapUsedBytes,
    sampleIntervalMs: config.load.sampleIntervalMs,
  });
  return { app, metrics };
}
