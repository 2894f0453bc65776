import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { App } from '../../http/app-instance.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { Press } from '../../shared/pdf/paper.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { createInvoicesRepository } from './invoices-repository.ts';
import { createInvoicing, type Seller } from './invoicing.ts';

/** Invoices and credit notes: issued as payments move money (the billing port), read by bookings' owners. */
export function invoicesModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    ids: IdGenerator;
    seller: Seller;
    /** Draws an invoice as PDF. */
    press: Press;
    guard: onRequestAsyncHookHandler;
  },
) {
  const invoicing = createInvoicing({
    invoices: createInvoicesRepository(deps.db),
    clock: deps.clock,
    ids: deps.ids,
    seller: deps.seller,
  });
  invoicesRoutes(app, { invoicing, press: deps.press, guard: deps.guard });
  return invoicing;
}
