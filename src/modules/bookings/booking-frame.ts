import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { onceForKey, withFreshReference } from './references.ts';

/** A booking step's transaction. */
type Transaction = Kysely<Database>;

/** A step that makes a booking. */
export interface NewBookingStep<T, Prepared> {
  /** What was set aside for it before the transaction (a card authorized: that calls out). */
  prepared: Prepared | undefined;
  /** The booking an earlier run of the same request made (its idempotency key), if any. */
  existing: () => Promise<T | undefined> | undefined;
  /** Characters of the booking's reference. */
  referenceLength: number;
  /** The step, in one transaction, under a fresh reference. */
  run: (trx: Transaction, reference: string) => Promise<T>;
  /** Whether the booking answered is the one this run made (not a concurrent run's). */
  madeHere: (result: T) => boolean;
}

/** A step that changes a booking (confirms it, changes its flights or dates, sells it seats). */
export interface BookingChangeStep<T, Prepared> {
  prepared: Prepared | undefined;
  /** The step, in one transaction. */
  run: (trx: Transaction) => Promise<T>;
  /** Whether the result used what was prepared (false: nothing was changed after all). */
  used?: (result: T) => boolean;
}

/**
 * The frame every booking step of every product runs in, so that none is left half-done:
 *
 * 1. what it will pay with is prepared before the transaction (a card authorized; a balance is debited
 *    inside it), by the caller;
 * 2. a new booking is made once per idempotency key: when a concurrent run of the same request got there
 *    first (a unique violation), that run's booking is the answer;
 * 3. under a freshly drawn reference, drawn again (the whole transaction again) on a collision;
 * 4. in one transaction: places, money, records and events commit together or not at all;
 * 5. compensated: what was prepared is given up (a card authorization voided) when the step fails, or
 *    when its result did not use it (another run's booking, nothing changed).
 *
 * Steps that call out (a gateway) do so before (1) or after the commit through an outbox, never inside.
 */
export function createBookingFrame<Prepared>(deps: {
  db: Kysely<Database>;
  /** Gives up what was prepared (voids a card authorization). */
  abandon: (prepared: Prepared) => Promise<void>;
}) {
  async function compensated<T>(
    prepared: Prepared | undefined,
    work: () => Promise<T>,
    used: (result: T) => boolean,
  ): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (prepared !== undefined) await deps.abandon(prepared);
      throw error;
    }
    if (prepared !== undefined && !used(result)) await deps.abandon(prepared);
    return result;
  }

  return {
    /** Makes a booking: once per idempotency key, under a fresh reference, in one transaction. */
    create<T>(step: NewBookingStep<T, Prepared>): Promise<T> {
      return compensated(
        step.prepared,
        () =>
          onceForKey(step.existing, () =>
            withFreshReference(step.referenceLength, (reference) =>
              deps.db.transaction().execute((trx) => step.run(trx, reference)),
            ),
          ),
        step.madeHere,
      );
    },
    /** Changes a booking in one transaction. */
    change<T>(step: BookingChangeStep<T, Prepared>): Promise<T> {
      return compensated(
        step.prepared,
        () => deps.db.transaction().execute((trx) => step.run(trx)),
        step.used ?? (() => true),
      );
    },
  };
}

export type BookingFrame<Prepared> = ReturnType<typeof createBookingFrame<Prepared>>;
