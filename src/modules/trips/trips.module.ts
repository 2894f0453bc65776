import { sharedSecret } from '../../db/service-secrets.ts';
import type { App } from '../../http/app-instance.ts';
import type { FlightTripParts, ProductModuleDeps, StayTripParts } from '../bookings/index.ts';
import type { BookFlightRequest, SearchFlightRequest } from '../flights/index.ts';
import type { BookHotelRequest, SearchHotelsRequest } from '../hotels/index.ts';
import type { Buyer } from '../pricing/index.ts';
import { createPackageTokens } from './package-token.ts';
import { createTripBooking } from './trip-booking.ts';
import { createTripCancellation } from './trip-cancellation.ts';
import { createTripChanges } from './trip-changes.ts';
import { createTripTeller } from './trip-event-types.ts';
import { partOfTripGuard } from './trip-guard.ts';
import { tripProduct } from './trip-product.ts';
import { createTripSearch } from './trip-search.ts';
import { tripsRoutes } from './trips.routes.ts';
import type { TripView } from './trips.schemas.ts';
import { createTripsRepository } from './trips-repository.ts';

type Searcher<Req> = (req: Req, buyer: Buyer & { role: string }) => Promise<unknown>;

export interface TripsDeps extends ProductModuleDeps {
  flights: { parts: FlightTripParts<BookFlightRequest>; search: Searcher<SearchFlightRequest> };
  hotels: { parts: StayTripParts<BookHotelRequest>; search: Searcher<SearchHotelsRequest> };
}

/** Trips: a flight and a stay searched together and sold as one booking, with one price and one payment. */
export async function tripsModule(app: App, deps: TripsDeps) {
  const trips = createTripsRepository(deps.db);
  const tell = createTripTeller({ events: deps.events, ids: deps.ids });
  const secret = await sharedSecret(deps.db, 'offer_key');
  const packages = createPackageTokens(secret);
  const search = createTripSearch({
    searchFlights: deps.flights.search,
    searchHotels: deps.hotels.search,
    packages,
    rates: deps.rates,
    catalogue: deps.catalogue,
  });
  const booking = createTripBooking({
    packages,
    flights: deps.flights.parts,
    hotels: deps.hotels.parts,
    trips,
    payments: deps.payments,
    frame: deps.frame,
    tell,
    ids: deps.ids,
    clock: deps.clock,
  });
  const cancellation = createTripCancellation({
    db: deps.db,
    trips,
    flights: deps.flights.parts,
    hotels: deps.hotels.parts,
    payments: deps.payments,
    tell,
    clock: deps.clock,
    quoteKey: secret,
  });
  const changes = createTripChanges({
    trips,
    flights: deps.flights.parts,
    hotels: deps.hotels.parts,
    payments: deps.payments,
    frame: deps.frame,
    tell,
    clock: deps.clock,
  });
  const product = tripProduct({
    trips,
    cancellation,
    changes,
    parts: async (trip) =>
      ({
        flight: (await deps.flights.parts.view(trip.flight_booking_id)).booking,
        hotel: (await deps.hotels.parts.view(trip.hotel_booking_id)).booking,
      }) as NonNullable<TripView['parts']>,
  });
  deps.products.register(product);
  app.addHook('preHandler', partOfTripGuard(trips));
  tripsRoutes(app, {
    searchTrips: search.searchTrips,
    bookTrip: booking.bookTrip,
    acceptChange: product.acceptChange,
    products: deps.products,
    idempotency: deps.idempotency,
    guards: deps.guards,
    gate: deps.searchGate,
  });
}
