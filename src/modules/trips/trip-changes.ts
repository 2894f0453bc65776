import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { BookingFrame, FlightTripParts, StayTripParts } from '../bookings/index.ts';
import type { BookFlightRequest } from '../flights/index.ts';
import type { BookHotelRequest } from '../hotels/index.ts';
import type { PaymentsService, Prepared } from '../payments/index.ts';
import type { TellTrip } from './trip-event-types.ts';
import { type TripRecord, tripPurpose } from './trip-record.ts';
import { shareIn, stayOf, tripSale } from './trip-rules.ts';
import type { TripView } from './trips.schemas.ts';
import type { TripsRepository } from './trips-repository.ts';

interface Timed {
  flight_id: string;
  departure_date: string;
  departing_at: string;
  arriving_at: string;
}

/** What a change reads of a trip's parts as GET /booking shows them. */
export interface PartsRead {
  flight: {
    status: string;
    slices: Array<{ segments: Timed[] }>;
    schedule_change?: {
      flight_id: string;
      departure_date: string;
      current: { departing_at: string; arriving_at: string };
    };
  };
  hotel: { check_in: string; check_out: string };
}
type Parts = PartsRead;

/**
 * The stay a trip's flights call for once a pending schedule change is taken: the retimed flight's new
 * times in place of the booked ones. Null when no change is pending or the stay would stay as it is.
 */
export function stayAfterChange(parts: Parts): { check_in: string; check_out: string } | null {
  const change = parts.flight.schedule_change;
  if (parts.flight.status !== 'schedule_changed' || !change) return null;
  const timesOf = (s: Timed) =>
    s.flight_id === change.flight_id && s.departure_date === change.departure_date ? change.current : s;
  const out = parts.flight.slices[0]!.segments;
  const back = parts.flight.slices[1]?.segments[0];
  if (!back) return null;
  const stay = stayOf(timesOf(out[out.length - 1]!).arriving_at, timesOf(back).departing_at);
  if (!stay || (stay.check_in === parts.hotel.check_in && stay.check_out === parts.hotel.check_out))
    return null;
  return stay;
}

/**
 * An operator's retime of a trip's flight, taken as one change of the trip: the flights take their new
 * times and, when those move the days the traveller lands or leaves, the stay moves to match (priced at
 * today's rates; the difference taken or given back through the trip's one payment), in one transaction.
 */
export function createTripChanges(deps: {
  trips: TripsRepository;
  flights: FlightTripParts<BookFlightRequest>;
  hotels: StayTripParts<BookHotelRequest>;
  payments: PaymentsService;
  frame: BookingFrame<Prepared>;
  tell: TellTrip;
  clock: Clock;
}) {
  const { trips, clock } = deps;

  /**
   * What taking the change makes of the trip: the stay's new dates and price, what the stay then adds in
   * the trip's currency (as it was sold), the trip's new total and its new sale.
   */
  async function proposal(trip: TripRecord, parts: Parts) {
    const stay = stayAfterChange(parts);
    if (!stay) return { stay: null, priced: null, total: trip.total_amount };
    const priced = await deps.hotels.priceNewDates(trip.hotel_booking_id, stay);
    const hotelAmount = shareIn(priced.total, trip.parts.hotel_own.amount, trip.parts.hotel_amount);
    const sale = tripSale(trip.parts.flight_sale, priced.sale, hotelAmount);
    return { stay, priced, hotelAmount, sale, total: sale.total };
  }

  return {
    /** What GET /booking shows of a pending schedule change: the stay it moves and the trip's new total. */
    async pending(trip: TripRecord, parts: Parts): Promise<TripView['schedule_change']> {
      if (trip.status !== 'confirmed' || parts.flight.status !== 'schedule_changed') return undefined;
      try {
        const p = await proposal(trip, parts);
        return {
          stay: p.stay,
          hotel_total: p.priced ? { amount: p.priced.total, currency: p.priced.currency } : null,
          total_amount: p.total,
          currency: trip.currency,
          problem: null,
        };
      } catch (error) {
        // The stay cannot move (sold out, a rate's rules): the trip says so rather than failing to read.
        if (!(error instanceof AppError)) throw error;
        return {
          stay: stayAfterChange(parts),
          hotel_total: null,
          total_amount: null,
          currency: trip.currency,
          problem: error.message,
        };
      }
    },

    /**
     * Takes the flights' new times and moves the stay when they call for it, as priced now: `expected`
     * must be the trip's new total (409 PRICE_CHANGED with it otherwise). A dearer stay is paid with what
     * paid the trip; a cheaper one gives the difference back. 409 when a night is full or the trip changed.
     */
    async accept(trip: TripRecord, parts: Parts, expected: { amount: number; currency: string }) {
      if (trip.status !== 'confirmed' || parts.flight.status !== 'schedule_changed')
        throw new AppError('INVALID_STATE_TRANSITION', 'The trip has no schedule change to accept');
      const p = await proposal(trip, parts);
      if (expected.amount !== p.total || expected.currency !== trip.currency)
        throw new AppError(
          'PRICE_CHANGED',
          `The trip now costs ${p.total} ${trip.currency} (expected ${expected.amount})`,
          {
            total_amount: p.total,
            total_currency: trip.currency,
          },
        );
      const more =
        p.priced && p.total > trip.total_amount
          ? await deps.payments.prepareReplacement(trip.id, p.sale)
          : undefined;
      const now = clock.now();
      const at = now.toISOString();
      return deps.frame.change({
        prepared: more,
        run: async (trx) => {
          const moved =
            (await deps.flights.acceptScheduleChange(trx, trip.flight_booking_id)) &&
            (!p.priced || (await p.priced.move(trx, now)));
          // The stay's new price: a dearer one paid with what paid the trip, a cheaper one given back.
          const payment =
            moved && p.priced
              ? await deps.payments.reprice(
                  trx,
                  trip.parts.sale,
                  p.sale,
                  tripPurpose(trip, 'new stay dates'),
                  more,
                )
              : undefined;
          const saved =
            moved &&
            (await trips.update(trx, trip.id, trip.version, {
              updated_at: at,
              ...(p.priced
                ? {
                    total_amount: p.total,
                    parts: {
                      ...trip.parts,
                      hotel_amount: p.hotelAmount,
                      hotel_own: { amount: p.priced.total, currency: p.priced.currency },
                      sale: p.sale,
                    },
                  }
                : {}),
              ...(payment ? { payment } : {}),
            }));
          if (!saved) throw new AppError('CONFLICT', 'The trip changed meanwhile; read it and try again');
          const after = (await trips.findById(trx, trip.id))!;
          await deps.tell(trx, 'trip.changed', after, at);
          return after;
        },
      });
    },
  };
}

export type TripChanges = ReturnType<typeof createTripChanges>;
