import { AppError } from '../../../http/app-error.ts';
import type { Language } from '../../../shared/messages/catalogue.ts';
import type { Principal } from '../../auth/index.ts';
import type { RenderedDocument, TravelDocument } from '../../bookings/index.ts';
import type { FlightBookingReads } from './flight-booking-reads.ts';
import { ticketReceiptPdf } from './ticket-receipts.ts';
import type { Ticketing } from './ticketing.ts';

/** A flight booking's travel documents: a receipt for each e-ticket and EMD, exchanged and refunded ones too. */
export function createFlightDocuments(deps: {
  reads: Pick<FlightBookingReads, 'loadVisible'>;
  ticketing: Pick<Ticketing, 'list'>;
  carrierName: (code: string) => string;
}) {
  const load = async (p: Principal, id: string) => {
    const row = await deps.reads.loadVisible(p, { id });
    return { row, tickets: await deps.ticketing.list(row.id) };
  };
  return {
    async documents(p: Principal, id: string): Promise<TravelDocument[]> {
      const { row, tickets } = await load(p, id);
      return tickets.map((ticket) => {
        const who = row.passengers.find((x) => x.id === ticket.passenger_id);
        return {
          id: ticket.number,
          type: ticket.kind === 'ticket' ? 'eticket_receipt' : 'emd_receipt',
          title: `${ticket.kind === 'ticket' ? 'E-ticket' : 'EMD'} ${ticket.number}${who ? ` – ${who.given_name} ${who.family_name}` : ''}`,
          status: ticket.status,
          issued_at: ticket.issued_at,
        };
      });
    },

    async documentPdf(
      p: Principal,
      id: string,
      documentId: string,
      language: Language,
    ): Promise<RenderedDocument> {
      const { row, tickets } = await load(p, id);
      const ticket = tickets.find((x) => x.number === documentId);
      if (!ticket) throw new AppError('NOT_FOUND', 'The booking has no such document');
      return {
        filename: `${ticket.kind === 'ticket' ? 'eticket' : 'emd'}-${ticket.number}.pdf`,
        pdf: await ticketReceiptPdf(row, ticket, language, deps.carrierName),
      };
    },
  };
}
