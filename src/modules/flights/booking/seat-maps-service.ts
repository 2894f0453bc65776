import { AppError, invalidField } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import type { SeatAssignmentsRepository } from '../ancillaries/seat-assignments-repository.ts';
import { sittersOf } from '../ancillaries/service-plan.ts';
import type { Schedule } from '../inventory/flight-network.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { CabinLayout } from '../inventory/seat-layout.ts';
import { kindOf, type SitterKind, seatMapOf, sitterKinds } from '../inventory/seat-map.ts';
import type { SeatFees } from '../inventory/seat-rules.ts';
import type { OfferTokens } from '../search/offer-token.ts';
import { tripOfBooking } from './booking-services.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import { flightsOf } from './flight-offer-now.ts';

const NOT_SELECTABLE: SeatFees = { standard: null, preferred: null };

/** Seat maps of an offer's or a booking's flights: each cabin's seats, and what each costs whom. */
export function createSeatMapsService(deps: {
  networkCache: NetworkCache;
  offers: OfferTokens;
  bookings: FlightBookingsRepository;
  assignments: SeatAssignmentsRepository;
  clock: Clock;
}) {
  /** One flight's map: its seats, taken ones marked (with the holder when the reader is their booking). */
  async function flightMap(
    at: { slice: number; segment: number; date: string; cabin: Cabin; currency: string },
    schedule: Schedule,
    layout: CabinLayout | undefined,
    fees: SeatFees,
    kinds: readonly SitterKind[],
    ownBooking?: string,
  ) {
    const taken = new Map<string, string | null>();
    if (layout)
      for (const a of await deps.assignments.onFlight(schedule.id, at.date))
        taken.set(a.seat, a.bookingId === ownBooking ? a.passengerId : null);
    return {
      slice: at.slice,
      segment: at.segment,
      flight_id: schedule.id,
      flight_number: `${schedule.carrier}${schedule.flightNumber}`,
      departure_date: at.date,
      origin: schedule.origin.iata,
      destination: schedule.destination.iata,
      aircraft: schedule.aircraft,
      cabin: at.cabin,
      currency: at.currency,
      // Without a layout for the aircraft, seats are assigned at check-in.
      ...(layout
        ? { seat_selection: true, ...seatMapOf(layout, fees, kinds, taken) }
        : { seat_selection: false, letters: null, rows: [] }),
    };
  }

  return {
    async forOffer(offerId: string) {
      const offer = deps.offers.read(offerId);
      if (!offer) throw invalidField('/offer_id', 'is not an offer id from /search_flight', 'querystring');
      const now = deps.clock.now();
      if (offer.expires * 1000 <= now.getTime())
        throw new AppError('OFFER_EXPIRED', 'The offer has expired; search again', {
          expired_at: new Date(offer.expires * 1000).toISOString(),
        });
      const network = await deps.networkCache.current();
      const kinds = sitterKinds(offer.passengers);
      const flights = (await flightsOf(network, offer, now)).flatMap((slice, sliceIndex) =>
        slice.map(({ flight, fare }, segment) =>
          flightMap(
            { slice: sliceIndex, segment, date: flight.date, cabin: offer.cabin, currency: fare.currency },
            flight.schedule,
            network.seatLayout(flight.schedule, offer.cabin),
            fare.seatFees,
            kinds,
          ),
        ),
      );
      return { offer_id: offerId, passenger_kinds: kinds, segments: await Promise.all(flights) };
    },

    /**
     * A booking's flights: its passengers' seats marked as theirs, the rest priced by the fares it was
     * sold (for choosing or changing a seat with POST /add_services).
     */
    async forBooking(principal: Principal, bookingId: string) {
      const row = await deps.bookings.findVisible(visibilityOf(principal), { id: bookingId });
      if (!row) throw new AppError('NOT_FOUND', 'No such booking');
      const network = await deps.networkCache.current();
      const { itinerary } = row;
      const cabin = itinerary.cabin as Cabin;
      const sitters = sittersOf(row.passengers);
      const passengers = row.passengers.flatMap((p) => {
        const sitter = sitters.get(p.id);
        return sitter ? [{ id: p.id, kind: kindOf(sitter) }] : [];
      });
      const kinds = [...new Set(passengers.map((p) => p.kind))];
      const { terms } = await tripOfBooking(network, row, deps.clock.now());
      const flights = itinerary.slices.flatMap((slice, sliceIndex) =>
        slice.segments.flatMap((seg, segment) => {
          const schedule = network.schedules.get(seg.flight_id);
          if (!schedule) return [];
          const fees = terms.seat_fees[sliceIndex]?.[segment] ?? NOT_SELECTABLE;
          return [
            flightMap(
              { slice: sliceIndex, segment, date: seg.departure_date, cabin, currency: row.currency },
              schedule,
              network.seatLayout(schedule, cabin),
              fees,
              kinds,
              row.id,
            ),
          ];
        }),
      );
      return { booking_id: row.id, passengers, passenger_kinds: kinds, segments: await Promise.all(flights) };
    },
  };
}

export type SeatMapsService = ReturnType<typeof createSeatMapsService>;
