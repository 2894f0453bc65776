import { type Language, LOCALES, translator } from '../../shared/messages/catalogue.ts';
import { Paper, type PaperDocument } from '../../shared/pdf/paper.ts';
import { formatMoney } from '../money/index.ts';
import type { InvoiceRecord, Party } from './invoices-repository.ts';

const partyLines = (p: Party, vatLabel: string) =>
  [p.name, p.address, p.email, p.vat_id ? `${vatLabel}: ${p.vat_id}` : null].filter((x): x is string => !!x);

/** An invoice or credit note described for the press, in a language. */
export function invoicePaper(invoice: InvoiceRecord, language: Language): PaperDocument {
  const t = translator(language);
  const money = (amount: number) => formatMoney(amount, invoice.currency, LOCALES[language]);
  const title = t(invoice.kind === 'invoice' ? 'doc.invoice' : 'doc.creditNote');
  const paper = new Paper({
    title: `${title} ${invoice.number}`,
    author: invoice.seller.name,
    language,
    date: new Date(invoice.issued_at),
  });
  paper.heading(`${title} ${invoice.number}`);
  paper.pair(t('doc.date'), invoice.issue_date);
  if (invoice.corrects) paper.pair(t('doc.corrects'), invoice.corrects);
  paper.section(t('doc.seller'));
  for (const l of partyLines(invoice.seller, t('doc.vatId'))) paper.line(l);
  paper.section(t('doc.buyer'));
  for (const l of partyLines(invoice.buyer, t('doc.vatId'))) paper.line(l);
  paper.gap();
  const sign = invoice.kind === 'credit_note' ? -1 : 1;
  paper.table(
    [330, 165],
    [
      [t('doc.description'), t('doc.amount')],
      [invoice.description, money(sign * invoice.total_amount)],
      [t('doc.taxesIncluded'), money(sign * invoice.tax_amount)],
      [t('doc.total'), money(sign * invoice.total_amount)],
    ],
  );
  paper.gap();
  paper.line(t('doc.marginScheme'));
  paper.line(t('doc.paidWith', { payment: invoice.payment_id }));
  return paper.done();
}
