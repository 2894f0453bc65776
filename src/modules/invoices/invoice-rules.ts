/**
 * Invoice numbers and what a movement of money is invoiced as. Numbers run per kind and per year of the
 * issue date in the seller's zone, with no gap: `INV-2026-000042`, `CN-2026-000007` (docs/invoices.md).
 */

export type InvoiceKind = 'invoice' | 'credit_note';

const PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** The series a kind's numbers of a year are taken from (src/db/sequences.ts). */
export const invoiceSeries = (kind: InvoiceKind, year: string) => `${kind}:${year}`;

/** The printed number of the `n`-th document of a kind in a year. */
export function invoiceNumber(kind: InvoiceKind, year: string, n: number): string {
  if (!/^\d{4}$/.test(year)) throw new RangeError(`year ${year} is not four digits`);
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`${n} is not a document number`);
  return `${PREFIX[kind]}-${year}-${String(n).padStart(6, '0')}`;
}

/** The calendar date of an instant in a zone, `YYYY-MM-DD`. */
export function dateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** A document to issue, before its number. */
export interface InvoiceDraft {
  kind: InvoiceKind;
  description: string;
  total_amount: number;
  tax_amount: number;
}

/**
 * What money given back is invoiced as, as the ledger books it: the sale (or part) cancelled is credited
 * whole, with its taxes; what is kept of it (a penalty, a non-refundable fare) is a fee invoiced anew.
 * A payment replaced by another credits the old sale whole and keeps nothing.
 */
export function creditDrafts(
  sale: { total: number; tax: number },
  refund: number,
  description: string,
): InvoiceDraft[] {
  const drafts: InvoiceDraft[] = [
    { kind: 'credit_note', description, total_amount: sale.total, tax_amount: sale.tax },
  ];
  if (sale.total > refund)
    drafts.push({
      kind: 'invoice',
      description: `${description}: cancellation fee`,
      total_amount: sale.total - refund,
      tax_amount: 0,
    });
  return drafts;
}
