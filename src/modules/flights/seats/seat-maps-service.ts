import { AppError, invalidField } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import { flightsOf } from '../booking/flight-booking-placement.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { OfferTokens } from '../search/offer-token.ts';
import { seatMapOf, sitterKinds } from './seat-map.ts';

/** Seat maps of an offer's flights: each cabin's seats, and what each costs each kind of passenger. */
export function createSeatMapsService(deps: {
  networkCache: NetworkCache;
  offers: OfferTokens;
  clock: Clock;
}) {
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
      const segments = flightsOf(network, offer, now).flatMap((slice, sliceIndex) =>
        slice.map(({ flight, fare }, i) => {
          const layout = network.seatLayout(flight.schedule, offer.cabin);
          const s = flight.schedule;
          return {
            slice: sliceIndex,
            segment: i,
            flight_id: s.id,
            flight_number: `${s.carrier}${s.flightNumber}`,
            departure_date: flight.date,
            origin: s.origin.iata,
            destination: s.destination.iata,
            aircraft: s.aircraft,
            cabin: offer.cabin,
            currency: fare.currency,
            // Without a layout for the aircraft, seats are assigned at check-in.
            ...(layout
              ? { seat_selection: true, ...seatMapOf(layout, fare.seatFees, kinds, new Set()) }
              : { seat_selection: false, letters: null, rows: [] }),
          };
        }),
      );
      return { offer_id: offerId, passenger_kinds: kinds, segments };
    },
  };
}

export type SeatMapsService = ReturnType<typeof createSeatMapsService>;
