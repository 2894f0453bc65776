import type { Kysely } from 'kysely';
import { takeNumbers } from '../../db/sequences.ts';
import type { Database } from '../../db/tables.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import { type Principal, visibilityOf } from '../auth/index.ts';
import type { Billing, Purpose } from '../payments/index.ts';
import { creditDrafts, dateIn, type InvoiceDraft, invoiceNumber, invoiceSeries } from './invoice-rules.ts';
import type { InvoiceRecord, InvoicesRepository, Party } from './invoices-repository.ts';

export interface Seller {
  name: string;
  address: string;
  vatId: string | undefined;
  timeZone: string;
}

/**
 * Invoices the money of bookings as it moves, in the booking's transaction: an invoice for each sale
 * paid, a credit note for each sale given back and an invoice for what was kept of it. Numbers are
 * taken from the kind's series of the year, last in the transaction, so they are gapless and in order.
 */
export function createInvoicing(deps: {
  invoices: InvoicesRepository;
  clock: Clock;
  ids: IdGenerator;
  seller: Seller;
}) {
  const { invoices, clock, seller } = deps;
  const sellerParty: Party = { name: seller.name, address: seller.address, vat_id: seller.vatId ?? null };

  async function issue(
    trx: Kysely<Database>,
    drafts: readonly InvoiceDraft[],
    context: { purpose: Purpose; currency: string; paymentId: string },
  ): Promise<void> {
    const now = clock.now();
    const date = dateIn(now, seller.timeZone);
    const year = date.slice(0, 4);
    const who = await invoices.buyerOf(trx, context.paymentId);
    const buyer: Party = who.agency_id
      ? { name: who.agency_name ?? who.agency_id, address: who.billing_address, vat_id: who.vat_id }
      : { name: who.username, address: null, vat_id: null, email: who.email };
    const corrects = drafts.some((d) => d.kind === 'credit_note')
      ? await invoices.lastInvoice(trx, context.purpose.bookingId)
      : null;
    const records: InvoiceRecord[] = [];
    for (const d of drafts) {
      const n = await takeNumbers(trx, invoiceSeries(d.kind, year), 1);
      records.push({
        number: invoiceNumber(d.kind, year, n),
        id: deps.ids.ordered('inv'),
        kind: d.kind,
        issued_at: now.toISOString(),
        issue_date: date,
        booking_id: context.purpose.bookingId,
        product: context.purpose.product,
        payment_id: context.paymentId,
        buyer_user_id: who.user_id,
        buyer_agency_id: who.agency_id,
        currency: context.currency,
        total_amount: d.total_amount,
        tax_amount: d.tax_amount,
        description: d.description,
        seller: sellerParty,
        buyer,
        corrects: d.kind === 'credit_note' ? corrects : null,
      });
    }
    await invoices.insert(trx, records);
  }

  const billing: Billing = {
    async invoice(trx, { purpose, due, paymentId }) {
      if (due.total === 0) return;
      await issue(
        trx,
        [{ kind: 'invoice', description: purpose.description, total_amount: due.total, tax_amount: due.tax }],
        { purpose, currency: due.currency, paymentId },
      );
    },
    async credit(trx, { purpose, sale, amount, paymentId }) {
      if (sale.total === 0) return;
      await issue(trx, creditDrafts(sale, amount, purpose.description), {
        purpose,
        currency: sale.currency,
        paymentId,
      });
    },
  };

  return {
    billing,

    /** A booking's invoices and credit notes, as the caller may see them. */
    async forBooking(principal: Principal, bookingId: string) {
      return invoices.forBooking(visibilityOf(principal), bookingId);
    },

    /** One invoice or credit note, as the caller may see it. */
    async get(principal: Principal, number: string): Promise<InvoiceRecord> {
      const found = await invoices.find(visibilityOf(principal), number);
      if (!found) throw new AppError('NOT_FOUND', 'No such invoice');
      return found;
    },
  };
}

export type Invoicing = ReturnType<typeof createInvoicing>;
