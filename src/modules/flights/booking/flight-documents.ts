import { AppError } from '../../../http/app-error.ts';
import type { Language } from '../../../shared/messages/catalogue.ts';
import type { Principal } from '../../auth/index.ts';
import type { DocumentPaper, TravelDocument } from '../../bookings/index.ts';
import type { FlightBookingReads } from './flight-booking-reads.ts';
import { type FlightBookingView, ticketReceiptPaper } from './ticket-receipts.ts';

/** The receipts worth sending with a booking's mail: of its open e-tickets and EMDs. */
export function receiptsToMail(b: FlightBookingView, language: Language): DocumentPaper[] {
  return b.tickets
    .filter((ticket) => ticket.status === 'open')
    .map((ticket) => ({
      filename: `${ticket.type === 'eticket' ? 'eticket' : 'emd'}-${ticket.number}.pdf`,
      paper: ticketReceiptPaper(b, ticket, language),
    }));
}

/** A flight booking's travel documents: a receipt for each e-ticket and EMD, exchanged and refunded ones too. */
export function createFlightDocuments(deps: { reads: Pick<FlightBookingReads, 'getBooking'> }) {
  const read = async (p: Principal, id: string) => (await deps.reads.getBooking(p, { id })).booking;
  return {
    async documents(p: Principal, id: string): Promise<TravelDocument[]> {
      const b = await read(p, id);
      return b.tickets.map((ticket) => {
        const who = b.passengers.find((x) => x.id === ticket.passenger_id);
        return {
          id: ticket.number,
          type: ticket.type === 'eticket' ? 'eticket_receipt' : 'emd_receipt',
          title: `${ticket.type === 'eticket' ? 'E-ticket' : 'EMD'} ${ticket.number}${who ? ` – ${who.given_name} ${who.family_name}` : ''}`,
          status: ticket.status,
          issued_at: ticket.issued_at,
        };
      });
    },

    async documentPaper(
      p: Principal,
      id: string,
      documentId: string,
      language: Language,
    ): Promise<DocumentPaper> {
      const b = await read(p, id);
      const ticket = b.tickets.find((x) => x.number === documentId);
      if (!ticket) throw new AppError('NOT_FOUND', 'The booking has no such document');
      return {
        filename: `${ticket.type === 'eticket' ? 'eticket' : 'emd'}-${ticket.number}.pdf`,
        paper: ticketReceiptPaper(b, ticket, language),
      };
    },
  };
}
