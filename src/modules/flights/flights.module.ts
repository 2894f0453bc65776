import { sharedSecret } from '../../db/service-secrets.ts';
import { thenRefresh } from '../../db/versioned-cache.ts';
import type { App } from '../../http/app-instance.ts';
import { offThread } from '../../ports/search-threads.ts';
import type { FlightTripParts, ProductModuleDeps } from '../bookings/index.ts';
import { createSeatAssignmentsRepository } from './ancillaries/seat-assignments-repository.ts';
import { flightBookingRoutes } from './api/flight-booking.routes.ts';
import { flightChangeRoutes } from './api/flight-change.routes.ts';
import { flightMetadataRoutes } from './api/flight-metadata.routes.ts';
import { flightOperationsRoutes } from './api/flight-operations.routes.ts';
import { flightServicesRoutes } from './api/flight-services.routes.ts';
import { searchFlightRoute } from './api/search-flight.route.ts';
import { seatMapsRoute } from './api/seat-maps.route.ts';
import { textImportRoutes } from './api/text-imports.routes.ts';
import { createBookingRelease } from './booking/booking-release.ts';
import { createDocumentRetention } from './booking/document-retention.ts';
import type { BookFlightRequest } from './booking/flight-booking.schemas.ts';
import { createFlightBookingEvents, createOperatorEvents } from './booking/flight-booking-events.ts';
import { createFlightBookingService } from './booking/flight-booking-service.ts';
import { createFlightBookingsRepository } from './booking/flight-bookings-repository.ts';
import { createFlightCancellationService } from './booking/flight-cancellation-service.ts';
import { createFlightChangeService } from './booking/flight-change-service.ts';
import { createFlightDisruptions } from './booking/flight-disruptions.ts';
import { createFlightPersonalData } from './booking/flight-personal-data.ts';
import { createFlightPersonalDataRepository } from './booking/flight-personal-data-repository.ts';
import { flightProduct } from './booking/flight-product.ts';
import { createFlightRetimeService } from './booking/flight-retime-service.ts';
import { createFlightServicesSale } from './booking/flight-services-sale.ts';
import { createHoldExpiry } from './booking/hold-expiry.ts';
import { createPartCancellations } from './booking/part-cancellations.ts';
import { createScheduleImportEffects } from './booking/schedule-import-effects.ts';
import { createSeatMapsService } from './booking/seat-maps-service.ts';
import { createTicketing } from './booking/ticketing.ts';
import { createTicketsRepository } from './booking/tickets-repository.ts';
import { accountingCodeLookup } from './inventory/accounting-codes.ts';
import { createNetworkCache } from './inventory/network-cache.ts';
import { createNetworkImporter } from './inventory/network-import.ts';
import { createNetworkRepository } from './inventory/network-repository.ts';
import { createSeatInventoryRepository } from './inventory/seat-inventory-repository.ts';
import { createTextImports } from './inventory/text-imports.ts';
import { createFlightSearchService } from './search/flight-search-service.ts';
import { createOfferTokens } from './search/offer-token.ts';

export interface FlightsDeps extends ProductModuleDeps {
  jobs: {
    networkRefreshMs: number;
    holdSweepMs: number;
    purgeMs: number;
    /** Days after its travel that a booking's document numbers are deleted (0: kept). */
    documentRetentionDays: number;
  };
  /** The operator's accounting codes, beside IATA's (`ACCOUNTING_CODES`). */
  accountingCodes: Readonly<Record<string, string>>;
}

/** The flight area: inventory, search and bookings. Returns what the command line needs. */
export async function flightsModule(app: App, deps: FlightsDeps) {
  const network = createNetworkRepository(deps.db);
  const seats = createSeatInventoryRepository(deps.db);
  const seatAssignments = createSeatAssignmentsRepository(deps.db);
  const secret = await sharedSecret(deps.db, 'offer_key');
  const offers = createOfferTokens(secret);
  const bookingsRepo = createFlightBookingsRepository(deps.db, deps.sealer);
  const networkCache = createNetworkCache(deps.db, network, deps.catalogue, {
    // A server keeps its network current by polling; it also reads every fare up front, in the background.
    warmFares: deps.jobs.networkRefreshMs > 0,
    onWarmUpError: (error) =>
      app.log.warn({ err: error }, 'fares could not be read ahead; searches read their own'),
  });
  const search = createFlightSearchService({
    timer: deps.searchTimer,
    pricingVersion: deps.pricingVersion,
    networkCache,
    seats,
    offers,
    catalogue: deps.catalogue,
    clock: deps.clock,
    rates: deps.rates,
    pricing: deps.pricing,
  });

  const { clock, ids, db, catalogue } = deps;
  const ticketsRepo = createTicketsRepository(db);
  const ticketing = createTicketing({
    tickets: ticketsRepo,
    codeOf: accountingCodeLookup(deps.accountingCodes),
  });
  const tell = createFlightBookingEvents({ bookings: bookingsRepo, ticketing, log: deps.events, ids });
  const announce = createOperatorEvents({ log: deps.events, ids, audit: deps.audit });
  const release = createBookingRelease({
    bookings: bookingsRepo,
    seats,
    seatAssignments,
    payments: deps.payments,
    ticketing,
  });
  const cancellations = createFlightCancellationService({
    db,
    bookings: bookingsRepo,
    ticketing,
    clock,
    release,
    parts: createPartCancellations({
      db,
      bookings: bookingsRepo,
      seats,
      seatAssignments,
      networkCache,
      tell,
      payments: deps.payments,
      ticketing,
    }),
    tell,
    quoteKey: secret,
  });
  const holds = createHoldExpiry({ db, bookings: bookingsRepo, clock, release, tell });
  const disruptions = createFlightDisruptions({
    db,
    bookings: bookingsRepo,
    network,
    clock,
    tell,
    announce,
    audit: deps.audit,
  });
  const retimes = createFlightRetimeService({
    db,
    bookings: bookingsRepo,
    ticketing,
    network,
    seats,
    catalogue,
    clock,
    tell,
    announce,
  });
  const importNetwork = thenRefresh(
    createNetworkImporter({
      db,
      network,
      catalogue,
      clock,
      ids,
      audit: deps.audit,
      onScheduleChanges: createScheduleImportEffects({
        bookings: bookingsRepo,
        network,
        catalogue,
        retimeBookingsOn: retimes.retimeBookingsOn,
        disruptOn: disruptions.disruptOn,
        announce,
      }),
    }),
    networkCache,
  );
  const bookings = createFlightBookingService({
    db,
    bookings: bookingsRepo,
    seats,
    seatAssignments,
    networkCache,
    offers,
    catalogue,
    clock,
    ids,
    tell,
    expireHold: (id) => holds.expireHold(id),
    payments: deps.payments,
    frame: deps.frame,
    ticketing,
    pricing: deps.pricing,
    rates: deps.rates,
    retimed: { stored: (trx, flights) => network.retimesOf(trx, flights), tell: retimes.retimeBookingsOn },
  });

  // Searches from the API are worked out in a search thread when one is ready (`ports/search-threads.ts`).
  const searchOffThread = {
    searchFlights: offThread(deps.searchThreads, 'flights', () => deps.clock.now(), search.searchFlights),
  };
  searchFlightRoute(app, { search: searchOffThread, guard: deps.guards.read, gate: deps.searchGate });
  seatMapsRoute(app, {
    seatMaps: createSeatMapsService({
      networkCache,
      offers,
      bookings: bookingsRepo,
      assignments: seatAssignments,
      clock: deps.clock,
    }),
    guard: deps.guards.read,
  });
  flightMetadataRoutes(app, { networkCache, catalogue, guard: deps.guards.read });
  flightBookingRoutes(app, {
    bookings,
    products: deps.products,
    idempotency: deps.idempotency,
    guards: deps.guards,
  });
  flightServicesRoutes(app, {
    sale: createFlightServicesSale({
      db,
      bookings: bookingsRepo,
      assignments: seatAssignments,
      networkCache,
      clock,
      ids,
      tell,
      payments: deps.payments,
      frame: deps.frame,
      ticketing,
    }),
    products: deps.products,
    idempotency: deps.idempotency,
    guard: deps.guards.book,
  });
  flightChangeRoutes(app, {
    changes: createFlightChangeService({
      db,
      bookings: bookingsRepo,
      seats,
      assignments: seatAssignments,
      networkCache,
      search,
      offers,
      catalogue,
      pricing: deps.pricing,
      rates: deps.rates,
      clock,
      tell,
      payments: deps.payments,
      frame: deps.frame,
      ticketing,
      tokenKey: secret,
    }),
    retimes,
    products: deps.products,
    idempotency: deps.idempotency,
    guard: deps.guards.book,
  });
  const textImports = createTextImports({ importNetwork, catalogue });
  textImportRoutes(app, {
    imports: textImports,
    guard: deps.guards.admin,
    bodyLimit: 50 * 1_048_576,
  });
  flightOperationsRoutes(app, {
    importNetwork,
    disruptions,
    retimes,
    guard: deps.guards.admin,
    bodyLimit: 50 * 1_048_576,
  });

  deps.scheduler.add({
    name: 'flights.network_refresh',
    everyMs: deps.jobs.networkRefreshMs,
    run: () => networkCache.refresh(),
  });
  deps.scheduler.add({
    name: 'flights.hold_expiry',
    everyMs: deps.jobs.holdSweepMs,
    run: () => holds.expireDueHolds(),
  });
  const people = createFlightPersonalDataRepository(deps.db, deps.sealer);
  const forgetPastDocuments = createDocumentRetention({
    bookings: people,
    days: deps.jobs.documentRetentionDays,
  });
  deps.scheduler.add({
    name: 'flights.document_retention',
    everyMs: deps.jobs.purgeMs,
    run: forgetPastDocuments,
  });
  deps.products.register(flightProduct({ bookings, repository: bookingsRepo, cancellations }));
  return {
    importNetwork,
    ...textImports,
    expireDueHolds: () => holds.expireDueHolds(),
    forgetPastDocuments,
    /** A person's bookings for their data export, and their erasure. */
    personalData: createFlightPersonalData(people),
    countSchedules: () => network.countSchedules(),
    refreshNetwork: () => networkCache.refresh(),
    /** Resolves once the network's fares are all read ahead (servers read them in the background). */
    faresRead: () => networkCache.faresRead(),
    indexStats: () => networkCache.stats(),
    /** The search as worked out on this thread (what a search thread runs). */
    search,
    /** What trips use: the search (off this thread when a search thread is ready) and bookings as parts. */
    forTrips: {
      search: searchOffThread.searchFlights,
      parts: {
        draft: (p, input) => bookings.draftForTrip(p, input),
        view: (id) => bookings.viewById(id),
        quote: (id) => cancellations.quoteWhole(id),
        cancel: (trx, id, quote, now) => cancellations.cancelWholeIn(trx, id, quote, now),
        acceptScheduleChange: (trx, id) => retimes.acceptInTrip(trx, id),
      } satisfies FlightTripParts<BookFlightRequest>,
    },
  };
}
