import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { Idempotency } from '../../http/idempotency.ts';
import type { SearchGate } from '../../http/search-gate.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { SearchTimer } from '../../ports/metrics.ts';
import type { SearchThreads } from '../../ports/search-threads.ts';
import type { Sealer } from '../../shared/sealed-data.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Catalogue } from '../catalog/index.ts';
import type { EventLog } from '../events/index.ts';
import type { RateTable } from '../money/index.ts';
import type { PaymentsService, Prepared } from '../payments/index.ts';
import type { TermsFor } from '../pricing/index.ts';
import type { BookingFrame } from './booking-frame.ts';
import type { ProductRegistry } from './product-registry.ts';

/** What every product module (flights, hotels, the trips to come) is wired with. */
export interface ProductModuleDeps {
  db: Kysely<Database>;
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
  guards: {
    read: onRequestAsyncHookHandler;
    book: onRequestAsyncHookHandler;
    admin: onRequestAsyncHookHandler;
  };
  idempotency: Idempotency;
  /** The booking desk the product registers with. */
  products: ProductRegistry;
  scheduler: Scheduler;
  searchGate: SearchGate;
  /** Times each search's phases for the gauges. */
  searchTimer?: SearchTimer;
  /** The event log every booking change is recorded in. */
  events: EventLog;
  /** Takes, sets aside and gives back the money of bookings. */
  payments: PaymentsService;
  /** Where operator actions (imports, cancellations, retimes, allotments) are recorded, in their transactions. */
  audit: Pick<AuditLog, 'record'>;
  /** The frame every booking step runs in. */
  frame: BookingFrame<Prepared>;
  /** The exchange rates in force, for searches asked to compare or show another currency. */
  rates: () => RateTable;
  /** Pricing rules: what each buyer is sold at. */
  pricing: TermsFor;
  /** The version of the pricing rules `pricing` applies (a search answer is reused only within one). */
  pricingVersion: () => number;
  /** Seals travellers' dates of birth and documents at rest. */
  sealer: Sealer;
  /** Where searches are worked out when not on this thread; here when absent or not ready. */
  searchThreads?: SearchThreads | undefined;
}
