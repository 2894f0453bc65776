import type { KeysetPosition } from '../../../db/keyset.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import { bookingView, fullView } from './booking-view.ts';
import type { FlightBookingRecord } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import type { Ticketing } from './ticketing.ts';

const notFound = () => new AppError('NOT_FOUND', 'No such booking');

/**
 * Reading flight bookings as their caller may see them: one, with a hold past its deadline expired first
 * (a read never shows a stale `held`), or a page of them.
 */
export function createFlightBookingReads(deps: {
  bookings: FlightBookingsRepository;
  ticketing: Pick<Ticketing, 'list'>;
  clock: Clock;
  /** Expires a hold whose deadline passed. */
  expireHold: (id: string) => Promise<boolean>;
}) {
  const { bookings, clock } = deps;

  async function loadVisible(
    principal: Principal,
    by: { id?: string | undefined; reference?: string | undefined },
  ): Promise<FlightBookingRecord> {
    const row = await bookings.findVisible(visibilityOf(principal), by);
    if (!row) throw notFound();
    const due =
      row.status === 'held' &&
      row.hold_expires_at !== null &&
      row.hold_expires_at <= clock.now().toISOString();
    if (due && (await deps.expireHold(row.id)))
      return (await bookings.findVisible(visibilityOf(principal), { id: row.id }))!;
    return row;
  }

  async function view(row: FlightBookingRecord) {
    return fullView(row, deps);
  }

  return {
    loadVisible,
    view,
    async getBooking(principal: Principal, by: { id?: string | undefined; reference?: string | undefined }) {
      return view(await loadVisible(principal, by));
    },

    async listBookings(
      principal: Principal,
      filter: { status?: string | undefined },
      after: KeysetPosition | undefined,
      limit: number,
    ) {
      const page = await bookings.list(visibilityOf(principal), filter, after, limit);
      return {
        rows: page.rows,
        data: page.rows.map((r) => bookingView(r, [], [])),
        more: page.more,
        total: page.total,
      };
    },
  };
}

export type FlightBookingReads = ReturnType<typeof createFlightBookingReads>;
