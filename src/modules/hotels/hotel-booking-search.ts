import type { HotelBookingStatus } from '../../db/tables.ts';
import { invalidField } from '../../http/app-error.ts';
import { decodeKeyset, encodeKeyset } from '../../http/keyset.ts';
import { type Principal, visibilityOf } from '../auth/index.ts';
import { fold } from '../catalog/index.ts';
import type { HotelBookingService } from './hotel-booking-service.ts';
import { hotelBookingView } from './hotel-booking-view.ts';
import type {
  HotelBookingFilter,
  HotelBookingSortKey,
  HotelBookingsRepository,
} from './hotel-bookings-repository.ts';

type Range = { from?: string | undefined; to?: string | undefined };

export interface SearchBookingRequest {
  reference?: string | undefined;
  client_reference?: string | undefined;
  name?: string | undefined;
  hotel_id?: string | undefined;
  city_id?: string | undefined;
  statuses?: HotelBookingStatus[] | undefined;
  created_at?: Range | undefined;
  check_in?: Range | undefined;
  check_out?: Range | undefined;
  cancellation_deadline?: Range | undefined;
  sort?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** Date-time bounds are compared as UTC instants, as stored; a bare date is the whole day. */
function instantRange(range: Range | undefined, pointer: string): Range | undefined {
  if (!range) return undefined;
  const at = (value: string | undefined, end: boolean) => {
    if (value === undefined) return undefined;
    const date = new Date(
      /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${end ? '23:59:59.999' : '00:00:00'}Z` : value,
    );
    if (Number.isNaN(date.getTime())) throw invalidField(pointer, 'is not a date or date-time');
    return date.toISOString();
  };
  return { from: at(range.from, false), to: at(range.to, true) };
}

function checkRange(range: Range | undefined, pointer: string): void {
  if (range?.from && range.to && range.from > range.to) throw invalidField(pointer, 'from is after to');
}

/** POST /search_booking: hotel bookings by any mix of criteria, sorted, in keyset pages with a total. */
export function createHotelBookingSearch(deps: {
  bookings: HotelBookingsRepository;
  reads: HotelBookingService;
}) {
  return async function searchBookings(principal: Principal, req: SearchBookingRequest) {
    const name = req.name === undefined ? undefined : fold(req.name);
    if (name !== undefined && name.length < 2) throw invalidField('/name', 'needs at least two letters');
    const filter: HotelBookingFilter = {
      reference: req.reference,
      client_reference: req.client_reference,
      name,
      hotel_id: req.hotel_id,
      city_id: req.city_id,
      statuses: req.statuses,
      created_at: instantRange(req.created_at, '/created_at'),
      check_in: req.check_in,
      check_out: req.check_out,
      cancellation_deadline: instantRange(req.cancellation_deadline, '/cancellation_deadline'),
    };
    for (const key of ['created_at', 'check_in', 'check_out', 'cancellation_deadline'] as const)
      checkRange(filter[key], `/${key}`);
    const sort = req.sort ?? '-created_at';
    const descending = sort.startsWith('-');
    const key = sort.replace(/^-/, '') as HotelBookingSortKey;
    const { cursor, limit = 20, ...query } = req;
    const after = decodeKeyset(cursor, query as Record<string, unknown>);
    const page = await deps.bookings.search(
      visibilityOf(principal),
      filter,
      { key, descending },
      after && { value: after.createdAt, id: after.id },
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
          ? encodeKeyset({ createdAt: last[key], id: last.id }, query as Record<string, unknown>)
          : null,
      total_count: page.total,
    };
  };
}
