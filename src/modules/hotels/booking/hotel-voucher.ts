import { AppError } from '../../../http/app-error.ts';
import { type Language, LOCALES, translator } from '../../../shared/messages/catalogue.ts';
import { Paper, type PaperDocument } from '../../../shared/pdf/paper.ts';
import type { Principal } from '../../auth/index.ts';
import type { DocumentPaper, TravelDocument } from '../../bookings/index.ts';
import { formatMoney } from '../../money/index.ts';
import type { HotelBookingReads } from './hotel-booking-reads.ts';
import type { hotelBookingView } from './hotel-booking-view.ts';

export type HotelBookingView = ReturnType<typeof hotelBookingView>;

/** `2026-12-01T14:00:00+01:00` as `2026-12-01 14:00`. */
const localTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * The hotel voucher a guest shows at the desk: the confirmation, the hotel and its address, check-in
 * and check-out in hotel time, each live room's type, board and guests, until when it cancels for free,
 * and what is left to pay at the hotel.
 */
export function hotelVoucherPaper(b: HotelBookingView, language: Language): PaperDocument {
  const t = translator(language);
  const money = (amount: number) => formatMoney(amount, b.currency, LOCALES[language]);
  const paper = new Paper({
    title: `${t('doc.voucher')} ${b.reference}`,
    author: b.hotel.name,
    language,
    date: new Date(b.updated_at),
  });
  paper.heading(t('doc.voucher'));
  paper.pair(t('doc.confirmation'), b.reference);
  if (b.hotel_confirmation) paper.pair(t('doc.hotelConfirmation'), b.hotel_confirmation);
  paper.pair(t('doc.status'), t(`status.${b.status}`));
  paper.pair(t('doc.hotel'), `${b.hotel.name} (${'★'.repeat(b.hotel.stars)})`);
  paper.pair(t('doc.address'), `${b.hotel.address}, ${b.hotel.city_name}, ${b.hotel.country_code}`);
  paper.pair(t('doc.checkIn'), t('doc.fromTime', { date: b.check_in, time: b.hotel.check_in_time }));
  paper.pair(t('doc.checkOut'), t('doc.untilTime', { date: b.check_out, time: b.hotel.check_out_time }));
  for (const room of b.rooms.filter((r) => r.status === 'confirmed')) {
    paper.section(`${t('doc.room')}: ${room.room_type.name}`);
    paper.pair(t('doc.board'), room.board);
    paper.pair(t('doc.guests'), room.guests.map((g) => `${g.given_name} ${g.family_name}`).join(', '));
    const until = room.cancellation.free_cancellation_until;
    paper.line(
      until ? t('doc.freeCancellationUntil', { deadline: localTime(until) }) : t('doc.nonRefundable'),
    );
    paper.line(
      room.payable_at_hotel_amount > 0
        ? t('doc.payAtHotel', { amount: money(room.payable_at_hotel_amount) })
        : t('doc.prepaid', { amount: money(room.total_amount) }),
    );
  }
  return paper.done();
}

/** The voucher a booking's mail carries, while a room is booked. */
export function voucherToMail(b: HotelBookingView, language: Language): DocumentPaper[] {
  if (!b.rooms.some((r) => r.status === 'confirmed')) return [];
  return [{ filename: `voucher-${b.reference}.pdf`, paper: hotelVoucherPaper(b, language) }];
}

/** A hold has no voucher until it is paid; one let go unpaid (cancelled or expired) never has one. */
const hasVoucher = (b: Pick<HotelBookingView, 'hold_expires_at'>) => b.hold_expires_at === null;

/** A hotel booking's travel documents: its voucher. */
export function createHotelDocuments(deps: { reads: Pick<HotelBookingReads, 'getBooking'> }) {
  const read = async (p: Principal, id: string) => (await deps.reads.getBooking(p, { id })).booking;
  return {
    async documents(p: Principal, id: string): Promise<TravelDocument[]> {
      const b = await read(p, id);
      if (!hasVoucher(b)) return [];
      return [
        {
          id: 'voucher',
          type: 'hotel_voucher',
          title: `Hotel voucher ${b.reference} – ${b.hotel.name}`,
          status: b.status,
          issued_at: b.updated_at,
        },
      ];
    },
    async documentPaper(
      p: Principal,
      id: string,
      documentId: string,
      language: Language,
    ): Promise<DocumentPaper> {
      if (documentId !== 'voucher') throw new AppError('NOT_FOUND', 'The booking has no such document');
      const b = await read(p, id);
      if (!hasVoucher(b)) throw new AppError('NOT_FOUND', 'The booking has no such document');
      return { filename: `voucher-${b.reference}.pdf`, paper: hotelVoucherPaper(b, language) };
    },
  };
}
