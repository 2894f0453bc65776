import { AppError } from '../../../http/app-error.ts';

/**
 * The flight booking state machine:
 *
 *   held ──confirm──▶ confirmed ──cancel──▶ cancelled
 *     │                  │
 *     ├──expire──▶ expired (seats released)
 *     ├──cancel──▶ cancelled (seats released)
 *     └──disrupt─▶ disrupted ◀──disrupt── confirmed   (the airline cancelled a flight)
 *                     └──change──▶ confirmed (re-accommodated on other flights)
 *   confirmed ──reschedule──▶ schedule_changed ──accept / change──▶ confirmed   (the airline retimed a flight)
 *                                  ├──cancel──▶ cancelled (full refund)
 *                                  └──disrupt─▶ disrupted
 *                     └──cancel──▶ cancelled (full refund)
 *
 * `cancel_part` (some passengers, or the last slices) keeps a ticketed booking going without them; when the
 * airline's change concerned only what was cancelled, the booking is `confirmed` again.
 * `update` (contact, name corrections) is allowed while a booking is live: held, confirmed, disrupted;
 * `add_services` (seats, extra bags) once it is ticketed and its flights operate: confirmed. `change`
 * (other flights or dates) from confirmed, as the fare allows, and from disrupted, free: both end confirmed.
 */
export type BookingStatus = 'held' | 'confirmed' | 'cancelled' | 'expired' | 'disrupted' | 'schedule_changed';
export type BookingAction =
  | 'confirm'
  | 'cancel'
  | 'expire'
  | 'disrupt'
  | 'update'
  | 'add_services'
  | 'change'
  | 'reschedule'
  | 'accept'
  | 'cancel_part';

const TRANSITIONS: Record<BookingStatus, Partial<Record<BookingAction, BookingStatus>>> = {
  held: {
    confirm: 'confirmed',
    cancel: 'cancelled',
    expire: 'expired',
    disrupt: 'disrupted',
    update: 'held',
  },
  confirmed: {
    cancel: 'cancelled',
    disrupt: 'disrupted',
    update: 'confirmed',
    add_services: 'confirmed',
    change: 'confirmed',
    reschedule: 'schedule_changed',
    cancel_part: 'confirmed',
  },
  schedule_changed: {
    accept: 'confirmed',
    change: 'confirmed',
    cancel: 'cancelled',
    update: 'schedule_changed',
    disrupt: 'disrupted',
    reschedule: 'schedule_changed',
    cancel_part: 'schedule_changed',
  },
  disrupted: { cancel: 'cancelled', update: 'disrupted', change: 'confirmed', cancel_part: 'disrupted' },
  cancelled: {},
  expired: {},
};

/**
 * What a client may do next (the system's own `expire` and `disrupt` are not offered); a schedule change
 * that broke a connection cannot be accepted, only changed or cancelled.
 */
export function allowedActions(
  status: BookingStatus,
  scheduleChange: { connection_broken: boolean } | undefined = undefined,
): BookingAction[] {
  return (Object.keys(TRANSITIONS[status]) as BookingAction[]).filter(
    (a) =>
      a !== 'expire' &&
      a !== 'disrupt' &&
      a !== 'reschedule' &&
      !(a === 'accept' && scheduleChange?.connection_broken === true),
  );
}

/** The status after an action, or a 409 INVALID_STATE_TRANSITION naming what is allowed. */
export function transition(status: BookingStatus, action: BookingAction): BookingStatus {
  const next = TRANSITIONS[status][action];
  if (!next) {
    throw new AppError('INVALID_STATE_TRANSITION', `A ${status} booking cannot ${action}`, {
      booking_status: status,
      allowed_actions: allowedActions(status),
    });
  }
  return next;
}
