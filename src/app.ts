import type { AppDeps } from './app-deps.ts';
import { dataSealer } from './db/data-keys.ts';
import { registerApiReference } from './http/api-reference.ts';
import { createIdempotency } from './http/idempotency.ts';
import { createIdempotencyKeysRepository } from './http/idempotency-keys-repository.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { createSearchGate } from './http/search-gate.ts';
import { createServer } from './http/server.ts';
import { registerWebsite } from './http/website.ts';
import { followChanges } from './jobs/follow-changes.ts';
import { addHousekeeping } from './jobs/housekeeping.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { auditRoutes, createAuditLog, withAuditRequest } from './modules/audit/index.ts';
import { AUTH_SCHEMAS, accountsModule, administeredAgency, principalOf } from './modules/auth/index.ts';
import {
  BOOKING_SCHEMAS,
  bookingDeskRoutes,
  bookingDocumentsRoutes,
  createBookingFrame,
  createProductRegistry,
} from './modules/bookings/index.ts';
import { CATALOG_SCHEMAS, catalogModule } from './modules/catalog/index.ts';
import { createEventCatalogue, eventsModule, eventWebhooksDocument } from './modules/events/index.ts';
import { exchangeRatesModule, RATE_SCHEMAS, RATES_COUNTER } from './modules/exchange-rates/index.ts';
import {
  FLIGHT_EVENTS,
  FLIGHT_SCHEMAS,
  type FlightBookingView,
  flightsModule,
  receiptsToMail,
} from './modules/flights/index.ts';
import {
  HOTEL_EVENTS,
  HOTEL_SCHEMAS,
  type HotelBookingView,
  hotelsModule,
  voucherToMail,
} from './modules/hotels/index.ts';
import { INVOICE_SCHEMAS, invoicesModule } from './modules/invoices/index.ts';
import { LEDGER_EVENTS, LEDGER_SCHEMAS, ledgerModule } from './modules/ledger/index.ts';
import { forgetRecipients, mailModule } from './modules/mail/index.ts';
import { PAYMENT_SCHEMAS, type Prepared, paymentsModule } from './modules/payments/index.ts';
import { PRICING_COUNTER, PRICING_SCHEMAS, pricingModule } from './modules/pricing/index.ts';
import { privacyModule } from './modules/privacy/index.ts';
import { healthRoutes } from './modules/system/index.ts';
import { travellersModule } from './modules/travellers/index.ts';
import { TRIP_EVENTS, TRIP_SCHEMAS, tripsModule } from './modules/trips/index.ts';
import { WEBHOOK_EVENTS, WebhookSchema, webhooksModule } from './modules/webhooks/index.ts';
import { createSnapshotStore } from './ports/snapshot-store.ts';
import { drawPaper } from './shared/pdf/draw-paper.ts';
import { drawEach } from './shared/pdf/paper.ts';

/** Every module's events: the one catalogue the log, the event list, webhooks and the document follow. */
const eventCatalogue = createEventCatalogue({
  ...FLIGHT_EVENTS,
  ...HOTEL_EVENTS,
  ...TRIP_EVENTS,
  ...LEDGER_EVENTS,
  ...WEBHOOK_EVENTS,
});

/** Wires storage, services and modules into one Fastify instance; the only place that does. */
export async function buildApp(deps: AppDeps) {
  const { config, storage, clock, ids, hasher } = deps;
  const press = deps.press ?? drawPaper;
  const { app, metrics } = await createServer({
    config,
    logger: deps.logger ?? { level: config.logLevel },
    schemas: [
      ...AUTH_SCHEMAS,
      ...CATALOG_SCHEMAS,
      ...BOOKING_SCHEMAS,
      ...FLIGHT_SCHEMAS,
      ...HOTEL_SCHEMAS,
      ...TRIP_SCHEMAS,
      ...LEDGER_SCHEMAS,
      ...PAYMENT_SCHEMAS,
      ...INVOICE_SCHEMAS,
      ...RATE_SCHEMAS,
      ...PRICING_SCHEMAS,
      eventCatalogue.envelope,
      WebhookSchema,
    ],
  });
  // The audit log knows the request being served (address, request id, caller) wherever it records.
  const audit = createAuditLog({ db: storage.db, clock, ids });
  app.addHook('onRequest', (request, _reply, done) => withAuditRequest(request, done));
  const sealer = await dataSealer(storage.db, config.privacy.dataKeys);
  const auth = await accountsModule(app, { db: storage.db, clock, ids, hasher, config, audit, sealer });
  const { guards, accounts } = auth;
  await registerRateLimit(app, { ...config.rateLimit, redis: deps.redis });
  await registerOpenApi(app, config.http.publicUrl, eventWebhooksDocument(eventCatalogue));
  await registerApiReference(app);
  const madeGate = createSearchGate({
    concurrency: config.load.searchConcurrency,
    queueLimit: config.load.searchQueueLimit,
    perClient: config.load.searchesPerClient,
    maxWaitMs: config.load.searchMaxWaitMs,
  });
  const searchGate = deps.wrapSearchGate ? deps.wrapSearchGate(madeGate) : madeGate;

  await auth.routes();
  auditRoutes(app, { log: audit, guard: guards.manage, agencyOf: administeredAgency });
  const catalogue = await catalogModule(app, { catalogue: deps.catalogue, guard: guards.read });
  const idempotency = createIdempotency(
    createIdempotencyKeysRepository(storage.db, clock),
    (request) => principalOf(request).userId,
    clock,
    config.auth.staleClaimSeconds,
  );
  const scheduler = createScheduler({
    clock,
    onError: (job, error) => app.log.warn({ err: error, job }, 'background job failed'),
  });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
  const auditDays = config.jobs.auditRetentionDays;
  addHousekeeping(scheduler, {
    db: storage.db,
    purgeMs: config.jobs.purgeMs,
    compactMs: config.jobs.holdSweepMs,
    purges: [
      auth.purge,
      (now) => idempotency.purgeOlderThan(new Date(now.getTime() - 86_400_000)),
      async (now) =>
        auditDays > 0 && audit.purgeBefore(new Date(now.getTime() - auditDays * 86_400_000).toISOString()),
    ],
  });
  const products = createProductRegistry();
  const { repository: eventsRepository, log: events } = eventsModule(app, {
    db: storage.db,
    catalogue: eventCatalogue,
    guard: guards.read,
  });
  const webhooks = webhooksModule(app, {
    db: storage.db,
    events: eventsRepository,
    log: events,
    catalogue: eventCatalogue,
    clock,
    ids,
    scheduler,
    guards: { read: guards.agencyRead, write: guards.agencyBook },
    settings: config.webhooks,
    onAttempt: metrics.webhookDelivery,
  });
  const mail = mailModule({
    db: storage.db,
    events: eventsRepository,
    clock,
    ids,
    scheduler,
    settings: config.mail,
    documents: (type, booking, language) =>
      drawEach(
        press,
        type.startsWith('flight_booking.')
          ? receiptsToMail(booking as FlightBookingView, language)
          : voucherToMail(booking as HotelBookingView, language),
      ),
  });
  events.subscribe(webhooks.fanOut);
  events.subscribe(mail.fanOut);
  auth.passwordResets(mail.accountMails);
  const rates = await exchangeRatesModule(app, {
    db: storage.db,
    clock,
    scheduler,
    guards: { read: guards.read, admin: guards.admin },
    pollMs: config.jobs.ratesRefreshMs,
    audit,
  });
  const pricing = await pricingModule(app, {
    db: storage.db,
    clock,
    ids,
    scheduler,
    rates: rates.source.table,
    guard: guards.admin,
    pollMs: config.jobs.pricingRefreshMs,
    audit,
  });
  const { ledger } = ledgerModule(app, {
    db: storage.db,
    clock,
    ids,
    events,
    guards: { read: guards.read, agency: guards.agencyRead, admin: guards.admin },
    audit,
  });
  const invoicing = invoicesModule(app, {
    db: storage.db,
    clock,
    ids,
    seller: config.seller,
    press,
    guard: guards.read,
  });
  const payments = paymentsModule(app, {
    db: storage.db,
    billing: invoicing.billing,
    ledger,
    rates: rates.source.table,
    clock,
    ids,
    scheduler,
    guard: guards.book,
    settings: config.payments,
    purgeMs: config.jobs.purgeMs,
  });
  // Every booking step of every product runs in this frame (decision 0014).
  const frame = createBookingFrame<Prepared>({ db: storage.db, abandon: (p) => payments.service.abandon(p) });
  const travellers = travellersModule(app, { db: storage.db, sealer, clock, ids, guard: guards.book });
  // What every product module stands on (ProductModuleDeps); each adds its own jobs.
  const product = {
    sealer,
    audit,
    products,
    idempotency,
    db: storage.db,
    catalogue: deps.catalogue,
    clock,
    ids,
    guards,
    scheduler,
    searchGate,
    searchTimer: metrics.searchTimer,
    events,
    payments: payments.service,
    frame,
    rates: rates.source.table,
    pricing: pricing.termsFor,
    pricingVersion: pricing.version,
    searchThreads: deps.searchThreads,
  };
  const flights = await flightsModule(app, {
    ...product,
    jobs: {
      networkRefreshMs: config.jobs.networkRefreshMs,
      holdSweepMs: config.jobs.holdSweepMs,
      purgeMs: config.jobs.purgeMs,
      documentRetentionDays: config.privacy.documentRetentionDays,
    },
    accountingCodes: config.ticketing.accountingCodes,
  });
  const hotels = await hotelsModule(app, {
    ...product,
    jobs: { indexRefreshMs: config.jobs.hotelIndexRefreshMs, holdSweepMs: config.jobs.holdSweepMs },
    snapshots: createSnapshotStore(config.storage.indexSnapshotDir),
    channels: config.webhooks,
  });
  events.subscribe(hotels.channelFanOut);
  await tripsModule(app, { ...product, flights: flights.forTrips, hotels: hotels.forTrips });
  bookingDeskRoutes(app, { products, guards });
  bookingDocumentsRoutes(app, { products, invoices: invoicing.forBooking, press, guard: guards.read });
  privacyModule(app, {
    db: storage.db,
    clock,
    account: auth.accountErasure,
    travellers: travellers.repository,
    products: [flights.personalData, hotels.personalData],
    audit,
    forgetRecipients,
    guard: guards.read,
    adminGuard: guards.admin,
  });
  healthRoutes(app, { ping: storage.ping });
  await registerWebsite(app, config.http.webDir);
  // A change committed anywhere refreshes what follows it at once on PostgreSQL; polling stays the fallback.
  const stopFollowing = followChanges(
    storage,
    scheduler,
    {
      network: 'flights.network_refresh',
      hotels: 'hotels.index_refresh',
      [RATES_COUNTER]: 'exchange_rates.refresh',
      [PRICING_COUNTER]: 'pricing_rules.refresh',
    },
    (error) => app.log.warn({ err: error }, 'listening for changes failed; polling until it is back'),
  );
  app.addHook('onClose', stopFollowing);
  deps.searchThreads?.follow(() => ({
    network: flights.indexStats().version ?? -1,
    hotels: hotels.indexStats().version ?? -1,
    pricing: pricing.version(),
    rates: rates.source.version(),
  }));
  metrics.watchIndex('flights', flights.indexStats);
  metrics.watchIndex('hotels', hotels.indexStats);

  return {
    app,
    accounts,
    catalogueService: catalogue,
    flights,
    hotels,
    scheduler,
    webhooks,
    mail,
    payments,
    ledger,
    rates,
    pricing,
  };
}
