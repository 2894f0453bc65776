import type { ServiceTerms } from '../ancillaries/ancillaries.ts';
import type { TripForServices } from '../ancillaries/service-plan.ts';
import { extraBagsOfSlice } from '../inventory/bag-rules.ts';
import { type FlightNetwork, schedulesOf } from '../inventory/flight-network.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { SeatFees } from '../inventory/seat-rules.ts';
import { MIN_MINUTES_BEFORE_DEPARTURE } from '../search/sale-rules.ts';
import type { FlightBookingRecord } from './flight-booking-record.ts';

const NOT_SELECTABLE: SeatFees = { standard: null, preferred: null };

/**
 * A booking's flights as services see them after the sale: each flight's seat layout (none when the
 * flight no longer operates), whether it is closed to sales, the terms of the fares it was sold (or, for
 * bookings sold before services, of its brand's fares now) and the services it holds.
 */
export async function tripOfBooking(
  network: FlightNetwork,
  row: FlightBookingRecord,
  now: Date,
): Promise<TripForServices> {
  const { itinerary } = row;
  await network.loadFares(
    schedulesOf(
      network,
      itinerary.slices.flatMap((slice) => slice.segments.map((seg) => seg.flight_id)),
    ),
  );
  const cabin = itinerary.cabin as Cabin;
  const flights = itinerary.slices.map((slice) =>
    slice.segments.map((seg) => {
      const schedule = network.schedules.get(seg.flight_id);
      const operates = schedule !== undefined && network.operates(schedule, seg.departure_date);
      const departsAt = operates ? network.datedFlight(schedule, seg.departure_date).departsAt : 0;
      return {
        flightId: seg.flight_id,
        date: seg.departure_date,
        layout: operates ? network.seatLayout(schedule, cabin) : undefined,
        closed: departsAt - now.getTime() < MIN_MINUTES_BEFORE_DEPARTURE * 60_000,
        fare: schedule && network.faresFor(schedule, cabin).find((f) => f.brand === itinerary.brand),
      };
    }),
  );
  const terms: ServiceTerms = itinerary.service_terms ?? {
    seat_fees: flights.map((slice) => slice.map((f) => f.fare?.seatFees ?? NOT_SELECTABLE)),
    extra_bags: flights.map((slice) => extraBagsOfSlice(slice.map((f) => f.fare?.extraBags ?? null))),
  };
  return {
    passengers: row.passengers,
    flights: flights.map((slice) => slice.map(({ fare: _, ...f }) => f)),
    terms,
    held: itinerary.services ?? [],
  };
}
