import { sharedSecret } from '../../db/service-secrets.ts';
import { thenRefresh } from '../../db/versioned-cache.ts';
import type { App } from '../../http/app-instance.ts';
import { offThread } from '../../ports/search-threads.ts';
import type { SnapshotStore } from '../../ports/snapshot-store.ts';
import type { ProductModuleDeps, StayTripParts } from '../bookings/index.ts';
import { fold } from '../catalog/index.ts';
import { channelRoutes } from './api/channel.routes.ts';
import { hotelBookingRoutes } from './api/hotel-booking.routes.ts';
import { hotelGuaranteeRoutes } from './api/hotel-guarantee.routes.ts';
import { hotelImagesRoutes } from './api/hotel-images.routes.ts';
import { hotelMetadataRoutes } from './api/hotel-metadata.routes.ts';
import { hotelOperationsRoutes } from './api/hotel-operations.routes.ts';
import { hotelReviewsRoutes } from './api/hotel-reviews.routes.ts';
import { searchHotelsRoute } from './api/search-hotels.route.ts';
import type { BookHotelRequest } from './booking/hotel-booking.schemas.ts';
import { createHotelBookingEvents } from './booking/hotel-booking-events.ts';
import { createHotelBookingReads } from './booking/hotel-booking-reads.ts';
import { createHotelBookingSearch } from './booking/hotel-booking-search.ts';
import {
  createHotelBookingService,
  HOTEL_BOOKING_ID_PREFIX,
  HOTEL_REFERENCE_LENGTH,
} from './booking/hotel-booking-service.ts';
import { createHotelBookingsRepository } from './booking/hotel-bookings-repository.ts';
import { createHotelCancellations } from './booking/hotel-cancellations.ts';
import { createHotelGuarantees } from './booking/hotel-guarantees.ts';
import { createHotelHolds } from './booking/hotel-holds.ts';
import { createHotelModifications } from './booking/hotel-modifications.ts';
import { createHotelPersonalData } from './booking/hotel-personal-data.ts';
import { createHotelPersonalDataRepository } from './booking/hotel-personal-data-repository.ts';
import { createHotelDocuments } from './booking/hotel-voucher.ts';
import { createChannelConnections } from './channel/channel-connections.ts';
import { createChannelDeliverer, createChannelFanOut } from './channel/channel-deliveries.ts';
import { createChannelRepository } from './channel/channel-repository.ts';
import { createChannelUpdates } from './channel/channel-updates.ts';
import { createHotelImageImport } from './images/hotel-image-import.ts';
import { createHotelImagesRepository } from './images/hotel-images-repository.ts';
import { createImagePress } from './images/image-press.ts';
import { createAllotments } from './inventory/hotel-allotments.ts';
import { createHotelImporter } from './inventory/hotel-import.ts';
import { createHotelInventoryRepository } from './inventory/hotel-inventory-repository.ts';
import { createHotelTableImport } from './inventory/hotel-table-import.ts';
import { createHotelsRepository } from './inventory/hotels-repository.ts';
import { createHotelReviews } from './reviews/hotel-reviews.ts';
import { createHotelReviewsRepository } from './reviews/hotel-reviews-repository.ts';
import { createHotelIndexCache } from './search/hotel-index-cache.ts';
import { createHotelSearchService } from './search/hotel-search-service.ts';
import { createRateKeys } from './search/rate-key.ts';

/** The hotel area: content, rates and allotments, their import, search, and the booking lifecycle. */
export async function hotelsModule(
  app: App,
  deps: ProductModuleDeps & {
    jobs: { indexRefreshMs: number; holdSweepMs: number };
    /** Where the search index is saved to start faster (nowhere for tests). */
    snapshots: SnapshotStore;
    /** Channel managers' reservation messages: sent as webhooks are (timeouts, retries, addresses). */
    channels: {
      pollMs: number;
      timeoutMs: number;
      retryScheduleSeconds: readonly number[];
      allowPrivateNetworks: boolean;
      leaseMs: number;
    };
  },
) {
  const hotels = createHotelsRepository(deps.db);
  const secret = await sharedSecret(deps.db, 'offer_key');
  const index = createHotelIndexCache({
    db: deps.db,
    hotels,
    catalogue: deps.catalogue,
    fold,
    snapshots: deps.snapshots,
    databaseSecret: secret,
    onSnapshotError: (error) => app.log.warn({ err: error }, 'the hotel index snapshot could not be saved'),
  });
  const inventory = createHotelInventoryRepository(deps.db);
  const rateKeys = createRateKeys(secret);
  // A snapshot being written is finished before the process goes.
  app.addHook('onClose', () => index.saved());
  const search = createHotelSearchService({
    timer: deps.searchTimer,
    pricingVersion: deps.pricingVersion,
    index,
    inventory,
    rateKeys,
    catalogue: deps.catalogue,
    clock: deps.clock,
    rates: deps.rates,
    pricing: deps.pricing,
  });
  const bookingsRepo = createHotelBookingsRepository(deps.db);
  const reads = createHotelBookingReads({
    db: deps.db,
    bookings: bookingsRepo,
    clock: deps.clock,
    expireHold: (id) => holds.expireHold(id),
  });
  const tell = createHotelBookingEvents({ bookings: bookingsRepo, reads, log: deps.events, ids: deps.ids });
  const bookings = createHotelBookingService({
    reads,
    db: deps.db,
    hotels,
    bookings: bookingsRepo,
    inventory,
    rateKeys,
    catalogue: deps.catalogue,
    clock: deps.clock,
    ids: deps.ids,
    tell,
    payments: deps.payments,
    frame: deps.frame,
    pricing: deps.pricing,
  });
  const changing = {
    db: deps.db,
    hotels,
    bookings: bookingsRepo,
    inventory,
    reads,
    clock: deps.clock,
    tell,
    payments: deps.payments,
    frame: deps.frame,
    pricing: deps.pricing,
  };
  const holds = createHotelHolds(changing);
  const cancellations = createHotelCancellations({ ...changing, quoteKey: secret });
  const modifications = createHotelModifications(changing);
  const importHotels = thenRefresh(createHotelImporter({ ...deps, hotels }), index);
  const importHotelTable = thenRefresh(createHotelTableImport({ ...deps, hotels }), index);
  // Searches from the API are worked out in a search thread when one is ready (`ports/search-threads.ts`).
  const searchOffThread = {
    searchHotels: offThread(deps.searchThreads, 'hotels', () => deps.clock.now(), search.searchHotels),
  };
  searchHotelsRoute(app, { search: searchOffThread, guard: deps.guards.read, gate: deps.searchGate });
  const images = createHotelImagesRepository(deps.db);
  hotelMetadataRoutes(app, {
    index,
    hotels,
    roomPictures: images.roomPictures,
    catalogue: deps.catalogue,
    guard: deps.guards.read,
  });
  hotelImagesRoutes(app, {
    hotels,
    press: createImagePress(),
    images,
    imports: createHotelImageImport({
      db: deps.db,
      hotels,
      images,
      clock: deps.clock,
      ids: deps.ids,
      audit: deps.audit,
      allowPrivateNetworks: deps.channels.allowPrivateNetworks,
    }),
    guard: deps.guards.admin,
  });
  hotelOperationsRoutes(app, {
    importHotels,
    importHotelTable,
    setAllotment: createAllotments({ db: deps.db, hotels, audit: deps.audit }),
    guard: deps.guards.admin,
    bodyLimit: 50 * 1_048_576,
  });
  const channels = createChannelRepository(deps.db);
  channelRoutes(app, {
    connections: createChannelConnections({
      channels,
      clock: deps.clock,
      ids: deps.ids,
      audit: deps.audit,
      allowPrivateNetworks: deps.channels.allowPrivateNetworks,
    }),
    updates: createChannelUpdates({ db: deps.db, hotels, channels, audit: deps.audit }),
    clock: deps.clock,
    guard: deps.guards.admin,
  });
  hotelGuaranteeRoutes(app, { guarantees: createHotelGuarantees(changing), guard: deps.guards.admin });
  const reviews = createHotelReviews({
    db: deps.db,
    reviews: createHotelReviewsRepository(deps.db),
    bookings: bookingsRepo,
    reads,
    clock: deps.clock,
    ids: deps.ids,
    refreshIndex: () => index.refreshIfLoaded(),
  });
  hotelReviewsRoutes(app, { reviews, guards: deps.guards });
  hotelBookingRoutes(app, {
    bookings,
    modifications,
    products: deps.products,
    idempotency: deps.idempotency,
    guards: deps.guards,
  });
  deps.scheduler.add({
    name: 'hotels.index_refresh',
    everyMs: deps.jobs.indexRefreshMs,
    run: () => index.refresh(),
  });
  const channelDeliverer = createChannelDeliverer({
    channels,
    clock: deps.clock,
    random: Math.random,
    scheduleSeconds: deps.channels.retryScheduleSeconds,
    timeoutMs: deps.channels.timeoutMs,
    leaseMs: deps.channels.leaseMs,
    allowPrivateNetworks: deps.channels.allowPrivateNetworks,
  });
  channelDeliverer.schedule(deps.scheduler, deps.channels.pollMs);
  deps.scheduler.add({
    name: 'hotels.hold_expiry',
    everyMs: deps.jobs.holdSweepMs,
    run: () => holds.expireDueHolds(),
  });
  deps.products.register({
    name: 'hotel',
    idPrefix: HOTEL_BOOKING_ID_PREFIX,
    referenceLength: HOTEL_REFERENCE_LENGTH,
    schemaId: 'HotelBooking',
    changedThrough: 'hotel bookings change through /modify_hotel_booking',
    parts: ['room_id'],
    get: reads.getBooking,
    search: createHotelBookingSearch({ bookings: bookingsRepo, reads }),
    quoteCancellation: async (p, id, part) => ({
      ...(await cancellations.quoteCancellation(p, id, part.room_id)),
      passenger_ids: null,
      slices: null,
    }),
    cancel: (p, id, quoteId, part) => cancellations.cancel(p, id, part.room_id, quoteId),
    pay: holds.payHold,
    ...createHotelDocuments({ reads }),
  });
  return {
    /** A person's bookings for their data export, and their erasure. */
    personalData: createHotelPersonalData(createHotelPersonalDataRepository(deps.db)),
    importHotels,
    importHotelTable,
    expireDueHolds: () => holds.expireDueHolds(),
    countHotels: () => hotels.countHotels(),
    refreshIndex: () => index.refresh(),
    indexStats: () => index.stats(),
    /** Resolves once the search index's snapshots asked for so far are saved. */
    indexSaved: () => index.saved(),
    repository: hotels,
    /** The search as worked out on this thread (what a search thread runs). */
    search,
    /** What trips use: the search (off this thread when a search thread is ready) and bookings as parts. */
    forTrips: {
      search: searchOffThread.searchHotels,
      parts: {
        draft: (p, input) => bookings.draftForTrip(p, input),
        view: async (id) => reads.view((await bookingsRepo.findById(deps.db, id))!),
        quote: (id, now) => cancellations.quoteWhole(id, now),
        cancel: (trx, id, quote, now) => cancellations.cancelWholeIn(trx, id, quote, now),
        async priceNewDates(id, stay) {
          const dates = { checkIn: stay.check_in, checkOut: stay.check_out };
          const priced = await modifications.priceNewDates(id, dates);
          return {
            total: priced.total,
            currency: priced.currency,
            sale: priced.sale,
            move: (trx, now) => modifications.moveStayIn(trx, id, priced, dates, now),
          };
        },
      } satisfies StayTripParts<BookHotelRequest>,
    },
    /** Makes the reservation messages a booking change owes channel managers (an event subscriber). */
    channelFanOut: createChannelFanOut({ channels, ids: deps.ids }),
    /** Sends the reservation messages due now (tests; the scheduler runs it in every process). */
    deliverChannelMessages: () => channelDeliverer.runDue(),
  };
}
