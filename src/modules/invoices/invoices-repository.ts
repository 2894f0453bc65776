import type { Kysely, Selectable } from 'kysely';
import type { Database, InvoicesTable } from '../../db/tables.ts';
import type { Visibility } from '../auth/index.ts';
import type { InvoiceKind } from './invoice-rules.ts';

/** Who sells and who buys, as the document names them. */
export interface Party {
  name: string;
  address: string | null;
  vat_id: string | null;
  email?: string | null;
}

/** An invoice or credit note as the code sees it. */
export interface InvoiceRecord extends Omit<Selectable<InvoicesTable>, 'seller' | 'buyer' | 'kind'> {
  kind: InvoiceKind;
  seller: Party;
  buyer: Party;
}

const decode = (row: Selectable<InvoicesTable>): InvoiceRecord => ({
  ...row,
  total_amount: Number(row.total_amount),
  tax_amount: Number(row.tax_amount),
  seller: JSON.parse(row.seller) as Party,
  buyer: JSON.parse(row.buyer) as Party,
});

/** Invoices and credit notes, written in the transactions that move their money. */
export function createInvoicesRepository(db: Kysely<Database>) {
  return {
    async insert(trx: Kysely<Database>, records: readonly InvoiceRecord[]): Promise<void> {
      if (records.length === 0) return;
      await trx
        .insertInto('invoices')
        .values(
          records.map((r) => ({ ...r, seller: JSON.stringify(r.seller), buyer: JSON.stringify(r.buyer) })),
        )
        .execute();
    },

    /** Who paid: the payment's user and agency, with the details an invoice prints. */
    async buyerOf(trx: Kysely<Database>, paymentId: string) {
      return trx
        .selectFrom('payments')
        .innerJoin('users', 'users.id', 'payments.user_id')
        .leftJoin('agencies', 'agencies.id', 'payments.agency_id')
        .select([
          'payments.user_id',
          'payments.agency_id',
          'users.username',
          'users.email',
          'agencies.name as agency_name',
          'agencies.billing_address',
          'agencies.vat_id',
        ])
        .where('payments.id', '=', paymentId)
        .executeTakeFirstOrThrow();
    },

    /** The last invoice of a booking (what a credit note corrects). */
    async lastInvoice(trx: Kysely<Database>, bookingId: string): Promise<string | null> {
      const row = await trx
        .selectFrom('invoices')
        .select('number')
        .where('booking_id', '=', bookingId)
        .where('kind', '=', 'invoice')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.number ?? null;
    },

    /** A booking's documents as its reader may see them, oldest first. */
    async forBooking(visibility: Visibility, bookingId: string): Promise<InvoiceRecord[]> {
      let query = db.selectFrom('invoices').selectAll().where('booking_id', '=', bookingId);
      if (visibility.kind === 'agency') query = query.where('buyer_agency_id', '=', visibility.agencyId);
      if (visibility.kind === 'user') query = query.where('buyer_user_id', '=', visibility.userId);
      const rows = await query.orderBy('id').execute();
      return rows.map(decode);
    },

    /** One document as its reader may see it. */
    async find(visibility: Visibility, number: string): Promise<InvoiceRecord | undefined> {
      let query = db.selectFrom('invoices').selectAll().where('number', '=', number);
      if (visibility.kind === 'agency') query = query.where('buyer_agency_id', '=', visibility.agencyId);
      if (visibility.kind === 'user') query = query.where('buyer_user_id', '=', visibility.userId);
      const row = await query.executeTakeFirst();
      return row && decode(row);
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
