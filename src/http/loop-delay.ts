import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How finely the event loop's delay is recorded (ms). */
const RESOLUTION_MS = 10;

/**
 * The event loop's delay, worked out at each `sample()` over the time since the one before: the mean of
 * what `monitorEventLoopDelay` recorded, or, when it recorded nothing because the loop was held all that
 * time, how much later than `intervalMs` this sample came. (`@fastify/under-pressure` counts that second
 * case as an infinite delay: one stall a little longer than the interval, a long garbage collection or a
 * busy machine, refused every request for the interval after, far under the limit.) Sampled by whoever
 * judges it, so a verdict is never of an interval older than the last.
 */
export function sampleLoopDelay(intervalMs: number) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let last = performance.now();
  let delay = 0;
  return {
    /** Works out the delay since the last sample, in milliseconds, and starts the next interval. */
    sample(): number {
      const now = performance.now();
      delay = loopDelayOf(histogram.count, histogram.mean / 1e6, now - last - intervalMs);
      histogram.reset();
      last = now;
      return delay;
    },
    /** The delay the last sample found. */
    delay: () => delay,
    stop(): void {
      histogram.disable();
    },
  };
}

/**
 * An interval's delay (ms) from what was recorded in it: the mean of `count` ticks (less the resolution
 * they are timed at), or, with none, how late (`lateMs`) the interval ended.
 */
export function loopDelayOf(count: number, meanMs: number, lateMs: number): number {
  if (count === 0 || Number.isNaN(meanMs)) return Math.max(0, lateMs);
  return Math.max(0, meanMs - RESOLUTION_MS);
}
