import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { languageFrom } from '../../http/accept-language.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses, LanguageQuery, pdfResponse } from '../../http/schemas.ts';
import type { Press } from '../../shared/pdf/paper.ts';
import { principalOf } from '../auth/index.ts';
import { invoicePaper } from './invoice-paper.ts';
import type { InvoiceRecord } from './invoices-repository.ts';
import type { Invoicing } from './invoicing.ts';

const tags = ['invoices'];

/** An invoice as the API shows it. */
export function invoiceView(r: InvoiceRecord) {
  return {
    number: r.number,
    kind: r.kind,
    issued_at: r.issued_at,
    issue_date: r.issue_date,
    booking_id: r.booking_id,
    product: r.product,
    payment_id: r.payment_id,
    description: r.description,
    currency: r.currency,
    total_amount: r.total_amount,
    tax_amount: r.tax_amount,
    seller: r.seller,
    buyer: r.buyer,
    corrects: r.corrects,
    pdf_url: `/invoice_pdf?number=${encodeURIComponent(r.number)}`,
  };
}

/** A booking's invoices and credit notes. */
export function invoicesRoutes(
  app: App,
  deps: { invoicing: Invoicing; press: Press; guard: onRequestAsyncHookHandler },
) {
  app.get(
    '/invoices',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_invoices',
        tags,
        summary: 'A booking’s invoices and credit notes',
        description:
          'Every invoice and credit note of the booking, oldest first: one per sale paid, a credit note when a ' +
          'sale is cancelled or its payment replaced, an invoice for a cancellation fee (docs/invoices.md). ' +
          'Customers see those of their bookings, agents their agency’s, admins all.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object({ booking_id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          200: Type.Object({ data: Type.Array(Type.Ref('Invoice')) }),
          ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => ({
      data: (await deps.invoicing.forBooking(principalOf(request), request.query.booking_id)).map(
        invoiceView,
      ),
    }),
  );
  app.get(
    '/invoice_pdf',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_invoice_pdf',
        tags,
        summary: 'An invoice or credit note as PDF',
        description:
          'In English or German (`language`, else Accept-Language). 404 for one the caller may not see.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object({
          number: Type.String({ minLength: 1, maxLength: 40 }),
          language: LanguageQuery,
        }),
        response: {
          200: pdfResponse('The document'),
          ...errorResponses('UNAUTHENTICATED', 'INSUFFICIENT_SCOPE', 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      const invoice = await deps.invoicing.get(principalOf(request), request.query.number);
      const pdf = await deps.press(
        invoicePaper(invoice, languageFrom(request.query.language, request.headers['accept-language'])),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
}
