import { AppError } from '../../http/app-error.ts';
import { decodeKeyset, encodeKeyset } from '../../http/keyset.ts';
import { type Principal, visibilityOf } from '../auth/index.ts';
import { type BookingProduct, onlyCriteria } from '../bookings/index.ts';
import { TRIP_ID_PREFIX, TRIP_REFERENCE_LENGTH } from './trip-booking.ts';
import type { TripCancellation } from './trip-cancellation.ts';
import type { PartsRead, TripChanges } from './trip-changes.ts';
import type { TripRecord } from './trip-record.ts';
import { tripEtag, tripView } from './trip-view.ts';
import type { TripView } from './trips.schemas.ts';
import type { TripsRepository } from './trips-repository.ts';

const notFound = () => new AppError('NOT_FOUND', 'No such booking');

/**
 * Trips as the booking desk knows them: read with both parts, searched, quoted and cancelled whole.
 * Their documents are their parts' (GET /booking_documents of each part).
 */
export function tripProduct(deps: {
  trips: TripsRepository;
  cancellation: TripCancellation;
  /** Both parts as GET /booking shows them now. */
  parts: (trip: TripRecord) => Promise<NonNullable<TripView['parts']>>;
  changes: TripChanges;
}): BookingProduct & {
  acceptChange(
    p: Principal,
    id: string,
    expected: { amount: number; currency: string },
  ): Promise<{ booking: TripView; etag: string }>;
} {
  const { trips } = deps;
  async function visible(
    principal: Principal,
    by: { id?: string | undefined; reference?: string | undefined },
  ) {
    const trip = await trips.findVisible(visibilityOf(principal), by);
    if (!trip) throw notFound();
    return trip;
  }
  const answer = async (trip: TripRecord) => {
    const parts = await deps.parts(trip);
    const pending = await deps.changes.pending(trip, parts as PartsRead);
    return { booking: tripView(trip, parts, pending), etag: tripEtag(trip) };
  };

  return {
    /** Accepts the flights' schedule change for the trip, moving its stay to match (`trip-changes.ts`). */
    async acceptChange(p: Principal, id: string, expected: { amount: number; currency: string }) {
      const trip = await visible(p, { id });
      return answer(await deps.changes.accept(trip, (await deps.parts(trip)) as PartsRead, expected));
    },
    name: 'trip',
    idPrefix: TRIP_ID_PREFIX,
    referenceLength: TRIP_REFERENCE_LENGTH,
    schemaId: 'Trip',
    changedThrough: 'a trip is cancelled whole; its parts are read through GET /booking',
    parts: [],
    get: async (p, by) => answer(await visible(p, by)),
    async search(p, req) {
      onlyCriteria(req, 'trip', {
        fields: ['product', 'reference', 'statuses', 'sort', 'limit', 'cursor'],
        sorts: ['created_at'],
        statuses: ['confirmed', 'cancelled'],
      });
      const descending = (req.sort ?? '-created_at').startsWith('-');
      const { cursor, limit = 20, ...rest } = req;
      const query = { ...rest, product: 'trip' };
      const after = decodeKeyset(cursor, query);
      const page = await trips.search(
        visibilityOf(p),
        { reference: req.reference, statuses: req.statuses },
        descending,
        after,
        limit,
      );
      const last = page.rows[page.rows.length - 1];
      return {
        data: page.rows.map((t) => tripView(t)),
        next_cursor: page.more && last ? encodeKeyset({ value: last.created_at, id: last.id }, query) : null,
        total_count: page.total,
      };
    },
    quoteCancellation: async (p, id) => deps.cancellation.quote(await visible(p, { id })),
    cancel: async (p, id, quoteId) =>
      answer(await deps.cancellation.cancel(await visible(p, { id }), quoteId)),
    pay: async () => {
      throw new AppError('INVALID_STATE_TRANSITION', 'A trip is paid when booked; it is never held');
    },
    documents: async (p, id) => {
      await visible(p, { id });
      return [];
    },
    documentPaper: async () => {
      throw new AppError('NOT_FOUND', 'A trip’s documents are its parts’: ask for those of each part');
    },
  };
}
