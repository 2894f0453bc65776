import pLimit from 'p-limit';
import type { Clock } from '../ports/clock.ts';
import { nextAttemptAt, type RetryPolicy } from './retry-policy.ts';
import type { Scheduler } from './scheduler.ts';

/** Where a row of an outbox stands after an attempt: done, due again later, or given up on. */
export type Outcome = 'done' | 'pending' | 'dead';

/**
 * What one attempt came to. `record` holds what the row's table keeps of the attempt besides its outcome
 * (a webhook's status code and latency). `retry: false` gives up at once: nothing could change by trying
 * again (the event is gone, the endpoint switched off).
 */
export type Attempted<Record> =
  | { ok: true; record?: Record }
  | { ok: false; error: string; retry?: boolean; record?: Record };

/** What is written of an attempt: its outcome, when the row is due again, the error, when it was made. */
export interface Settlement {
  outcome: Outcome;
  nextAttemptAt: string | null;
  lastError: string | null;
  at: string;
}

/** The columns every outbox table keeps of an attempt, with the table's own word for each outcome. */
export function settledColumns<const Status extends string>(
  s: Settlement,
  statuses: Readonly<Record<Outcome, Status>>,
) {
  return { status: statuses[s.outcome], next_attempt_at: s.nextAttemptAt, last_error: s.lastError };
}

/** An outbox table: due rows claimed with a lease, each attempt's outcome settled under that lease. */
export interface OutboxStore<Row, Record> {
  claimDue(now: string, leaseUntil: string, limit: number): Promise<Row[]>;
  /** Records an attempt and counts it, if the claim is still this worker's; false when it is not. */
  settle(
    id: string,
    leaseUntil: string,
    settlement: Settlement,
    record: Record | undefined,
  ): Promise<boolean>;
}

/** Errors are kept this long on a row. */
const ERROR_CHARS = 500;

/**
 * One outbox: work committed with the change that called for it (a mail, a webhook delivery, a gateway
 * operation), done after the commit, at least once. A run claims a batch of due rows with a lease (so
 * another process, or a later run, never makes the same attempt; a worker that dies leaves its rows to
 * be claimed again once the lease runs out), attempts them `concurrency` at a time, and settles each:
 * done, due again at the retry policy's next instant, or dead when the policy gives up.
 */
export function createOutbox<Row extends { id: string; attempts: number }, Record = never>(deps: {
  /** The job's name, e.g. `mail.send`. */
  name: string;
  store: OutboxStore<Row, Record>;
  attempt: (row: Row) => Promise<Attempted<Record>>;
  retry: RetryPolicy;
  clock: Clock;
  random: () => number;
  /** Rows claimed at a time. */
  batch: number;
  /** Attempts of a batch made side by side. */
  concurrency: number;
  /**
   * Rows of one sequence (one recipient's mails, one payment's operations) are attempted one after
   * another, in the order they fell due; different sequences side by side. Without it, every row is
   * its own.
   */
  sequenceOf?: (row: Row) => string;
  /** How long a claim holds: longer than a batch's attempts take. */
  leaseMs: number;
  /** Work done before each claim (payments void authorizations no booking took). */
  before?: () => Promise<unknown>;
  /** Told after each attempt was settled (gauges, an endpoint switched off, a failure logged). */
  settled?: (row: Row, settlement: Settlement, attempted: Attempted<Record>) => Promise<void> | void;
}) {
  async function settle(row: Row, lease: string, attempted: Attempted<Record>): Promise<void> {
    const at = deps.clock.now();
    const next =
      attempted.ok || attempted.retry === false
        ? undefined
        : nextAttemptAt(deps.retry, row.attempts + 1, at, deps.random);
    const settlement: Settlement = {
      outcome: attempted.ok ? 'done' : next ? 'pending' : 'dead',
      nextAttemptAt: next?.toISOString() ?? null,
      lastError: attempted.ok ? null : attempted.error.slice(0, ERROR_CHARS),
      at: at.toISOString(),
    };
    if (await deps.store.settle(row.id, lease, settlement, attempted.record))
      await deps.settled?.(row, settlement, attempted);
  }

  /** Attempts what is due, one batch; answers how many rows it claimed. */
  async function runDue(): Promise<number> {
    await deps.before?.();
    const now = deps.clock.now();
    const lease = new Date(now.getTime() + deps.leaseMs).toISOString();
    const claimed = await deps.store.claimDue(now.toISOString(), lease, deps.batch);
    const limit = pLimit(deps.concurrency);
    const sequences = Map.groupBy(claimed, (row) => deps.sequenceOf?.(row) ?? row.id);
    await Promise.all(
      [...sequences.values()].map((rows) =>
        limit(async () => {
          for (const row of rows) {
            let attempted: Attempted<Record>;
            try {
              attempted = await deps.attempt(row);
            } catch (error) {
              attempted = { ok: false, error: error instanceof Error ? error.message : String(error) };
            }
            await settle(row, lease, attempted);
          }
        }),
      ),
    );
    return claimed.length;
  }

  return {
    runDue,
    /** Adds the outbox's job: each run attempts batch after batch until what is due is done, then waits `everyMs`. */
    schedule(scheduler: Scheduler, everyMs: number): void {
      scheduler.add({
        name: deps.name,
        everyMs,
        run: async () => {
          while ((await runDue()) === deps.batch);
        },
      });
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
