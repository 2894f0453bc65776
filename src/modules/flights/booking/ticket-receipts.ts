import { type Language, LOCALES, translator } from '../../../shared/messages/catalogue.ts';
import { Paper, type PaperDocument } from '../../../shared/pdf/paper.ts';
import { formatMoney } from '../../money/index.ts';
import type { Cabin } from '../inventory/cabins.ts';
import type { bookingView, ticketView } from './booking-view.ts';
import type { FlightCoupon, ServiceCoupon } from './ticket-drafts.ts';
import { printedNumber } from './ticket-numbers.ts';

/** A flight booking and one of its documents, as the API shows them (and as events carry them). */
export type FlightBookingView = ReturnType<typeof bookingView>;
export type TicketView = ReturnType<typeof ticketView>;

const nameOf = (b: FlightBookingView, passengerId: string) => {
  const p = b.passengers.find((x) => x.id === passengerId);
  return p ? `${p.family_name.toUpperCase()}/${p.given_name} ${p.title.toUpperCase()}` : passengerId;
};

/** An airline's name as the booking's flights give it. */
const carrierName = (b: FlightBookingView, code: string) =>
  b.slices.flatMap((s) => s.segments).find((g) => g.carrier === code)?.carrier_name ?? code;

/**
 * The receipt of an e-ticket (the itinerary receipt airlines send): passenger, ticket number, the
 * flights of its coupons, the fare calculation, baggage allowance and conditions, the exchange it came
 * from; or of an EMD: its services and the ticket coupons they go with.
 */
export function ticketReceiptPaper(
  b: FlightBookingView,
  ticket: TicketView,
  language: Language,
): PaperDocument {
  const t = translator(language);
  const money = (amount: number) => formatMoney(amount, ticket.currency, LOCALES[language]);
  const isTicket = ticket.type === 'eticket';
  const title = t(isTicket ? 'doc.eticket' : 'doc.emd');
  const paper = new Paper({
    title: `${title} ${ticket.number}`,
    author: carrierName(b, ticket.validating_carrier),
    language,
    date: new Date(ticket.issued_at),
  });
  paper.heading(title);
  paper.pair(t('doc.passenger'), nameOf(b, ticket.passenger_id));
  paper.pair(t('doc.ticketNumber'), printedNumber(ticket.number));
  if (ticket.conjunction_numbers.length > 0)
    paper.pair(t('doc.conjunctions'), ticket.conjunction_numbers.join(', '));
  paper.pair(t('doc.issued'), ticket.issued_at.slice(0, 10));
  paper.pair(
    t('doc.validatingCarrier'),
    `${carrierName(b, ticket.validating_carrier)} (${ticket.validating_carrier})`,
  );
  paper.pair(t('doc.reference'), b.reference);
  paper.pair(t('doc.status'), t(`doc.state.${ticket.status}`));
  if (isTicket) {
    const coupons = ticket.coupons as FlightCoupon[];
    paper.section(t('doc.flight'));
    paper.table(
      [25, 55, 35, 35, 115, 140, 90],
      [
        ['#', t('doc.flight'), t('doc.from'), t('doc.to'), t('doc.departs'), t('doc.class'), t('doc.status')],
        ...coupons.map((c) => [
          String(c.coupon),
          c.flight_number,
          c.origin,
          c.destination,
          c.departing_at.slice(0, 16).replace('T', ' '),
          `${t(`cabin.${c.cabin as Cabin}`)} / ${c.brand}`,
          t(`doc.state.${c.status}`),
        ]),
      ],
    );
    paper.section(t('doc.fareCalculation'));
    paper.table(
      [330, 165],
      [
        [t('doc.description'), t('doc.amount')],
        [t('doc.fare'), money(ticket.fare_amount)],
        [t('doc.taxes'), money(ticket.tax_amount)],
        [t('doc.total'), money(ticket.total_amount)],
      ],
    );
    if (ticket.exchange)
      paper.line(
        t('doc.exchange', {
          original: printedNumber(ticket.exchange.original_number),
          collected: money(ticket.exchange.additional_collection_amount),
          residual: money(ticket.exchange.residual_amount),
        }),
      );
    const { baggage, conditions } = b;
    paper.line(t('doc.baggage', { checked: baggage.checked, cabin: baggage.cabin }));
    paper.section(t('doc.conditions'));
    const rule = (c: { allowed: boolean; penalty_amount: number | null }) =>
      c.allowed ? t('doc.allowedPenalty', { amount: money(c.penalty_amount ?? 0) }) : t('doc.notAllowed');
    paper.line(t('doc.changes', { rule: rule(conditions.change) }));
    paper.line(t('doc.refunds', { rule: rule(conditions.refund) }));
  } else {
    const coupons = ticket.coupons as ServiceCoupon[];
    paper.section(t('doc.service'));
    paper.table(
      [40, 60, 200, 95, 100],
      [
        ['#', 'RFISC', t('doc.description'), t('doc.amount'), t('doc.status')],
        ...coupons.map((c) => [
          String(c.coupon),
          c.rfisc,
          c.description,
          money(c.amount),
          t(`doc.state.${c.status}`),
        ]),
      ],
    );
    for (const c of coupons)
      paper.line(
        t('doc.forTicket', { ticket: printedNumber(c.ticket_number), coupons: c.ticket_coupons.join(', ') }),
      );
    paper.pair(t('doc.total'), money(ticket.total_amount));
  }
  return paper.done();
}
