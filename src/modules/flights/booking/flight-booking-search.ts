import { decodeKeyset, encodeKeyset } from '../../../http/keyset.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import {
  COMMON_CRITERIA,
  instantRange,
  nameCriterion,
  onlyCriteria,
  type SearchBookingRequest,
} from '../../bookings/index.ts';
import type { BookingStatus } from './booking-states.ts';
import { bookingView } from './booking-view.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';

const STATUSES = ['held', 'confirmed', 'cancelled', 'expired', 'disrupted', 'schedule_changed'];

/** POST /search_booking with `product: flight`: by reference, passenger name, status, booking and departure time. */
export function createFlightBookingSearch(deps: { bookings: FlightBookingsRepository }) {
  return async function searchBookings(principal: Principal, req: SearchBookingRequest) {
    onlyCriteria(req, 'flight', {
      fields: [...COMMON_CRITERIA, 'departure'],
      sorts: ['created_at', 'departure'],
      statuses: STATUSES,
    });
    const filter = {
      reference: req.reference,
      name: nameCriterion(req.name),
      statuses: req.statuses as BookingStatus[] | undefined,
      created_at: instantRange(req.created_at, '/created_at'),
      departure: instantRange(req.departure, '/departure'),
    };
    const sort = req.sort ?? '-created_at';
    const key = sort.replace(/^-/, '') === 'departure' ? 'first_departure_at' : 'created_at';
    const { cursor, limit = 20, ...query } = req;
    const after = decodeKeyset(cursor, query as Record<string, unknown>);
    const page = await deps.bookings.search(
      visibilityOf(principal),
      filter,
      { key, descending: sort.startsWith('-') },
      after,
      limit,
    );
    const last = page.rows[page.rows.length - 1];
    return {
      data: page.rows.map((row) => bookingView(row, [], [])),
      next_cursor:
        page.more && last
          ? encodeKeyset({ value: last[key], id: last.id }, query as Record<string, unknown>)
          : null,
      total_count: page.total,
    };
  };
}
