import { timingSafeEqual } from 'node:crypto';
import type { Metrics } from '../ports/metrics.ts';
import type { App } from './app-instance.ts';
import { problemCodeOf, sendProblem } from './error-handler.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts every answered request (by route pattern, so the labels stay few) and serves the gauges at
 * `GET /metrics` in Prometheus' text format: to a scraper with `Authorization: Bearer METRICS_TOKEN`
 * when one is set, else only from the machine itself. Not part of the booking API (left out of
 * /openapi.json); docs/metrics.md lists the series.
 */
export function registerMetrics(app: App, metrics: Metrics, options: { token: string | undefined }) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === '/metrics') return;
    metrics.request({
      method: request.method,
      route: route ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      operation: (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId,
      problem: problemCodeOf(reply),
    });
  });

  app.get('/metrics', { schema: { hide: true } as never }, async (request, reply) => {
    const auth = request.headers.authorization ?? '';
    // Without a token, only a scraper on this machine talking to the server itself: the socket's own
    // address (request.ip follows X-Forwarded-For under TRUST_PROXY, which a client writes), and no
    // forwarding header (a reverse proxy on this machine forwards everyone).
    const local =
      LOOPBACK.has(request.socket.remoteAddress ?? '') &&
      request.headers['x-forwarded-for'] === undefined &&
      request.headers.forwarded === undefined;
    const allowed = options.token
      ? auth.startsWith('Bearer ') && sameToken(auth.slice(7), options.token)
      : local;
    if (!allowed)
      return sendProblem(
        reply,
        options.token ? 'UNAUTHENTICATED' : 'FORBIDDEN',
        options.token
          ? 'The gauges need the metrics token'
          : 'The gauges are served to this machine only (or set METRICS_TOKEN)',
      );
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
