import type { onRequestAsyncHookHandler } from 'fastify';
import Type from 'typebox';
import { languageFrom } from '../../http/accept-language.ts';
import type { App } from '../../http/app-instance.ts';
import { errorResponses, LanguageQuery, pdfResponse } from '../../http/schemas.ts';
import type { Press } from '../../shared/pdf/paper.ts';
import { type Principal, principalOf } from '../auth/index.ts';
import type { ProductRegistry } from './product-registry.ts';

const tags = ['bookings'];

/** An invoice or credit note of a booking, as the documents list names it. */
export interface InvoiceEntry {
  number: string;
  kind: 'invoice' | 'credit_note';
  issued_at: string;
  description: string;
}

export const BookingDocumentSchema = Type.Object(
  {
    id: Type.String({
      description: 'Within the booking: a ticket or EMD number, `voucher`, an invoice number',
    }),
    type: Type.Union([
      Type.Literal('eticket_receipt'),
      Type.Literal('emd_receipt'),
      Type.Literal('hotel_voucher'),
      Type.Literal('invoice'),
      Type.Literal('credit_note'),
    ]),
    title: Type.String(),
    status: Type.String({ description: 'The ticket’s, EMD’s or booking’s status; `issued` for invoices' }),
    issued_at: Type.String({ format: 'date-time' }),
    pdf_url: Type.String(),
  },
  { $id: 'BookingDocument' },
);

/** A booking's documents (e-ticket and EMD receipts, the hotel voucher, invoices), and each as PDF. */
export function bookingDocumentsRoutes(
  app: App,
  deps: {
    products: ProductRegistry;
    invoices: (p: Principal, bookingId: string) => Promise<InvoiceEntry[]>;
    /** Draws a document as PDF. */
    press: Press;
    guard: onRequestAsyncHookHandler;
  },
) {
  app.get(
    '/booking_documents',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'list_booking_documents',
        tags,
        summary: 'A booking’s documents',
        description:
          'Everything issued for the booking, each with its `pdf_url`: a flight booking’s e-ticket and EMD ' +
          'receipts (docs/tickets.md), a hotel booking’s voucher, and the invoices and credit notes of its money ' +
          '(docs/invoices.md). 404 for a booking the caller may not see.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object({ booking_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: {
          200: Type.Object({ data: Type.Array(Type.Ref('BookingDocument')) }),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const id = request.query.booking_id;
      const own = await deps.products.of({ id }).documents(principal, id);
      const invoices = await deps.invoices(principal, id);
      const link = (documentId: string) =>
        `/booking_document_pdf?booking_id=${encodeURIComponent(id)}&document_id=${encodeURIComponent(documentId)}`;
      return {
        data: [
          ...own.map((d) => ({ ...d, pdf_url: link(d.id) })),
          ...invoices.map((i) => ({
            id: i.number,
            type: i.kind,
            title: `${i.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${i.number} – ${i.description}`,
            status: 'issued',
            issued_at: i.issued_at,
            pdf_url: `/invoice_pdf?number=${encodeURIComponent(i.number)}`,
          })),
        ],
      };
    },
  );

  app.get(
    '/booking_document_pdf',
    {
      onRequest: deps.guard,
      schema: {
        operationId: 'get_booking_document_pdf',
        tags,
        summary: 'A booking’s document as PDF',
        description:
          'An e-ticket or EMD receipt (by its number) or a hotel voucher (`voucher`), in English or German ' +
          '(`language`, else Accept-Language). Invoices are at /invoice_pdf.',
        security: [{ oauth2: ['read'] }],
        querystring: Type.Object({
          booking_id: Type.String({ minLength: 1, maxLength: 64 }),
          document_id: Type.String({ minLength: 1, maxLength: 40 }),
          language: LanguageQuery,
        }),
        response: {
          200: pdfResponse('The document'),
          ...errorResponses('NOT_FOUND', 'UNAUTHENTICATED', 'INSUFFICIENT_SCOPE'),
        },
      },
    },
    async (request, reply) => {
      const { booking_id: id, document_id: documentId, language } = request.query;
      const rendered = await deps.products
        .of({ id })
        .documentPaper(
          principalOf(request),
          id,
          documentId,
          languageFrom(language, request.headers['accept-language']),
        );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${rendered.filename}"`)
        .send(Buffer.from(await deps.press(rendered.paper)));
    },
  );
}
