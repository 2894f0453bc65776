import underPressure from '@fastify/under-pressure';
import { AppError } from './app-error.ts';
import type { App } from './app-instance.ts';
import { sampleLoopDelay } from './loop-delay.ts';

const RETRY_AFTER_SECONDS = 5;

/** The 503 a caller gets while the process sheds load. */
export function overloaded(detail: string, retryAfterSeconds = RETRY_AFTER_SECONDS): AppError {
  return new AppError(
    'OVERLOADED',
    detail,
    { retry_after_seconds: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * Sheds load before the event loop drowns: while the event loop's mean delay (or the heap) is over its
 * limit, every request but liveness is answered at once with 503 OVERLOADED and Retry-After, so the
 * requests already taken finish and a balancer sends new ones elsewhere (readiness answers 503 too).
 * The website's scripts and styles (`/assets/`) are sent regardless: bytes read once and cached, whose
 * refusal would break a page already open (a lazily loaded screen) rather than spare any work.
 * A limit of 0 turns that check off. Pressure is judged only from the second sample after the app is
 * ready: start-up (loading a network, migrating) blocks the loop by design and is no reason to refuse
 * the first requests.
 */
export async function registerLoadShedding(
  app: App,
  limits: { eventLoopDelayMs: number; heapUsedBytes: number; sampleIntervalMs: number },
): Promise<void> {
  if (limits.eventLoopDelayMs === 0 && limits.heapUsedBytes === 0) return;
  let judging = false;
  app.addHook('onReady', async () => {
    setTimeout(() => {
      judging = true;
    }, limits.sampleIntervalMs * 2).unref();
  });
  // The event loop's delay is judged from its own sampling (`loop-delay.ts`), given to under-pressure as a
  // health check; the heap by under-pressure itself.
  const loop = limits.eventLoopDelayMs > 0 ? sampleLoopDelay(limits.sampleIntervalMs) : undefined;
  app.addHook('onClose', async () => loop?.stop());
  await app.register(underPressure, {
    maxHeapUsedBytes: limits.heapUsedBytes,
    sampleInterval: limits.sampleIntervalMs,
    ...(loop
      ? {
          healthCheck: async () => loop.sample() <= limits.eventLoopDelayMs,
          healthCheckInterval: limits.sampleIntervalMs,
        }
      : {}),
    pressureHandler: (request, _reply, type, value) => {
      if (!judging || request.url === '/health/live' || request.url.startsWith('/assets/')) return undefined;
      const measure =
        type === 'healthCheck'
          ? `eventLoopDelay ${Math.round(loop?.delay() ?? 0)}`
          : `${type} ${Math.round(Number(value))}`;
      return Promise.reject(overloaded(`The server is overloaded (${measure}); retry later`));
    },
  });
}
