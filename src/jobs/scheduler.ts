import type { Clock } from '../ports/clock.ts';

/** A piece of background work run every `everyMs` (0 turns it off), given the injected clock's `now`. */
export interface Job {
  readonly name: string;
  readonly everyMs: number;
  run(now: Date): Promise<unknown>;
}

export interface SchedulerDeps {
  clock: Clock;
  onError: (job: string, error: unknown) => void;
}

/**
 * The one home of background work (hold expiry, index refresh, purges): jobs are added while the app is
 * wired, started when it is ready and stopped, waiting for runs under way, when it closes. A job never
 * overlaps itself: a run that outlasts its interval delays the next one. Timers do not keep the process
 * alive.
 */
export function createScheduler(deps: SchedulerDeps) {
  const jobs = new Map<string, Job>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  /** Jobs asked for again while a run was under way: run once more when it ends. */
  const again = new Set<string>();
  let started = false;

  function runOnce(job: Job): Promise<void> {
    const underWay = running.get(job.name);
    if (underWay) return underWay;
    const run = job
      .run(deps.clock.now())
      .then(
        () => undefined,
        (error: unknown) => deps.onError(job.name, error),
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  }

  function arm(job: Job): void {
    const timer = setTimeout(() => {
      void runOnce(job).then(() => {
        if (started) arm(job);
      });
    }, job.everyMs);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    /** Adds a job; one whose interval is 0 is kept (it can still be run by name) but never timed. */
    add(job: Job): void {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is added twice`);
      jobs.set(job.name, job);
      if (started && job.everyMs > 0) arm(job);
    },
    start(): void {
      if (started) return;
      started = true;
      for (const job of jobs.values()) if (job.everyMs > 0) arm(job);
    },
    /** Stops timing jobs and waits for the runs under way. */
    async stop(): Promise<void> {
      started = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
    /** Runs one job now, whatever its interval (or joins the run under way); errors go to `onError`. */
    run(name: string): Promise<void> {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job ${name}`);
      return runOnce(job);
    },
    /**
     * Runs one job as soon as it can: now, or once more right after the run under way (which may have
     * begun before whatever prompted this). Asks made meanwhile are folded into that one run.
     */
    runSoon(name: string): Promise<void> {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job ${name}`);
      const underWay = running.get(name);
      if (!underWay) return runOnce(job);
      if (again.has(name)) return underWay;
      again.add(name);
      return underWay.then(() => {
        again.delete(name);
        return runOnce(job);
      });
    },
    names: (): string[] => [...jobs.keys()],
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
