import { decodeKeyset, encodeKeyset } from '../../../http/keyset.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import {
  COMMON_CRITERIA,
  checked,
  instantRange,
  nameCriterion,
  onlyCriteria,
  type SearchBookingRequest,
} from '../../bookings/index.ts';
import type { HotelBookingReads } from './hotel-booking-reads.ts';
import type { HotelBookingStatus } from './hotel-booking-states.ts';
import { hotelBookingView } from './hotel-booking-view.ts';
import type {
  HotelBookingFilter,
  HotelBookingSortKey,
  HotelBookingsRepository,
} from './hotel-bookings-repository.ts';

/** POST /search_booking: hotel bookings by any mix of criteria, sorted, in keyset pages with a total. */
export function createHotelBookingSearch(deps: {
  bookings: HotelBookingsRepository;
  reads: HotelBookingReads;
}) {
  return async function searchBookings(principal: Principal, req: SearchBookingRequest) {
    onlyCriteria(req, 'hotel', {
      fields: [
        ...COMMON_CRITERIA,
        'client_reference',
        'hotel_id',
        'city_id',
        'check_in',
        'check_out',
        'cancellation_deadline',
      ],
      sorts: ['created_at', 'check_in', 'check_out'],
      statuses: ['held', 'confirmed', 'cancelled', 'expired', 'no_show'],
    });
    const name = nameCriterion(req.name);
    const filter: HotelBookingFilter = {
      reference: req.reference,
      client_reference: req.client_reference,
      name,
      hotel_id: req.hotel_id,
      city_id: req.city_id,
      statuses: req.statuses as HotelBookingStatus[] | undefined,
      created_at: instantRange(req.created_at, '/created_at'),
      check_in: checked(req.check_in, '/check_in'),
      check_out: checked(req.check_out, '/check_out'),
      cancellation_deadline: instantRange(req.cancellation_deadline, '/cancellation_deadline'),
    };
    const sort = req.sort ?? '-created_at';
    const descending = sort.startsWith('-');
    const key = sort.replace(/^-/, '') as HotelBookingSortKey;
    const { cursor, limit = 20, ...rest } = req;
    const query = { ...rest, product: 'hotel' };
    const after = decodeKeyset(cursor, query as Record<string, unknown>);
    const page = await deps.bookings.search(
      visibilityOf(principal),
      filter,
      { key, descending },
      after,
      limit,
    );
    const rooms = await deps.bookings.roomsOf(page.rows.map((r) => r.id));
    const last = page.rows[page.rows.length - 1];
    return {
      data: page.rows.map((row) =>
        hotelBookingView(row, rooms.get(row.id) ?? [], [], deps.reads.clockOf(row, rooms.get(row.id) ?? [])),
      ),
      next_cursor:
        page.more && last
          ? encodeKeyset({ value: last[key], id: last.id }, query as Record<string, unknown>)
          : null,
      total_count: page.total,
    };
  };
}
