import { addDays, localToInstant, toLocalIso } from '../../../shared/calendar.ts';

/**
 * Penalties by time before arrival: before the first step's deadline cancelling is free; from each
 * deadline on (18:00 hotel time, `days_before` days before the check-in date) it costs `percent` of
 * the total. A non-refundable rate costs 100 % from the moment of booking.
 */
export interface CancellationPolicy {
  refundable: boolean;
  steps: Array<{ days_before: number; percent: number }>;
}

export interface CancellationTimeline {
  refundable: boolean;
  /** Until this local time cancelling is free; null when it never is. */
  free_cancellation_until: string | null;
  /** From each instant (null: from booking), what cancelling costs. */
  timeline: Array<{ from: string | null; penalty_amount: number }>;
}

function deadline(checkIn: string, daysBefore: number, timeZone: string): Date {
  return localToInstant(addDays(checkIn, -daysBefore), '18:00', timeZone);
}

/** The penalties of a stay as a timeline of local deadlines in the hotel's zone. */
export function cancellationTimeline(
  policy: CancellationPolicy,
  checkIn: string,
  timeZone: string,
  total: number,
): CancellationTimeline {
  if (!policy.refundable)
    return {
      refundable: false,
      free_cancellation_until: null,
      timeline: [{ from: null, penalty_amount: total }],
    };
  const steps = [...policy.steps].sort((a, b) => b.days_before - a.days_before);
  const first = steps[0];
  return {
    refundable: true,
    free_cancellation_until: first
      ? toLocalIso(deadline(checkIn, first.days_before, timeZone), timeZone)
      : null,
    timeline: [
      { from: null, penalty_amount: 0 },
      ...steps.map((s) => ({
        from: toLocalIso(deadline(checkIn, s.days_before, timeZone), timeZone),
        penalty_amount: Math.round((total * s.percent) / 100),
      })),
    ],
  };
}

/** The instant free cancellation ends: null for a non-refundable rate, or one that is never free. */
export function freeCancellationEnds(
  policy: CancellationPolicy,
  checkIn: string,
  timeZone: string,
): Date | null {
  if (!policy.refundable || policy.steps.length === 0) return null;
  const first = Math.max(...policy.steps.map((s) => s.days_before));
  return deadline(checkIn, first, timeZone);
}

/** What cancelling costs at `now`. */
export function penaltyAt(
  policy: CancellationPolicy,
  checkIn: string,
  timeZone: string,
  total: number,
  now: Date,
): number {
  if (!policy.refundable) return total;
  let penalty = 0;
  for (const s of [...policy.steps].sort((a, b) => b.days_before - a.days_before)) {
    if (now.getTime() >= deadline(checkIn, s.days_before, timeZone).getTime())
      penalty = Math.round((total * s.percent) / 100);
  }
  return penalty;
}
