import type { Kysely } from 'kysely';
import { takeNumbers } from '../../../db/sequences.ts';
import type { Database } from '../../../db/tables.ts';
import type { FlightService } from '../ancillaries/ancillaries.ts';
import { type FlightBookingRecord, validatingCarrierOf } from './flight-booking-record.ts';
import {
  emdDrafts,
  type FlightCoupon,
  flightCoupons,
  reissueDrafts,
  type ServiceCoupon,
  type TicketDraft,
  ticketDrafts,
} from './ticket-drafts.ts';
import { checkDigit, documentNumber, numbersFor, seriesOf } from './ticket-numbers.ts';
import type { TicketRecord, TicketsRepository } from './tickets-repository.ts';

/** Ticket number by passenger id: what the booking keeps of its open tickets. */
export type TicketNumbers = Record<string, string>;

/**
 * Issuing and servicing a booking's e-tickets and EMDs, in the booking's transactions: numbered from the
 * validating carrier's series (its first flight's airline when sold, kept through changes), nothing for a
 * ticketless carrier.
 */
export function createTicketing(deps: {
  tickets: TicketsRepository;
  /** A carrier's accounting code; undefined for one that sells without tickets. */
  codeOf: (carrier: string) => string | undefined;
}) {
  const { tickets } = deps;
  const codeFor = (row: FlightBookingRecord) => deps.codeOf(validatingCarrierOf(row.itinerary));

  /**
   * Numbers the drafts from the carrier's series, in one take (the series stays locked until the booking's
   * transaction ends, so this comes last in it): each its own number, then its conjunctions'. EMD coupons
   * are tied to the e-ticket of their passenger.
   */
  async function numberAndInsert(
    trx: Kysely<Database>,
    row: FlightBookingRecord,
    code: string,
    drafts: readonly TicketDraft[],
    ticketOf: (passengerId: string, issued: TicketNumbers) => string,
    at: string,
  ): Promise<TicketRecord[]> {
    if (drafts.length === 0) return [];
    const counts = drafts.map((d) => numbersFor(d.coupons.length));
    let serial = await takeNumbers(
      trx,
      seriesOf(code),
      counts.reduce((n, c) => n + c, 0),
    );
    const issued: TicketNumbers = {};
    const records = drafts.map((d, i) => {
      const numbers = Array.from({ length: counts[i]! }, () => documentNumber(code, serial++));
      const number = numbers[0]!;
      if (d.kind === 'ticket') issued[d.passenger_id] = number;
      return { d, number, numbers };
    });
    const out: TicketRecord[] = records.map(({ d, number, numbers }) => ({
      number,
      check_digit: checkDigit(number),
      kind: d.kind,
      booking_id: row.id,
      passenger_id: d.passenger_id,
      carrier: validatingCarrierOf(row.itinerary),
      status: 'open',
      currency: d.currency,
      fare_amount: d.fare_amount,
      tax_amount: d.tax_amount,
      total_amount: d.fare_amount + d.tax_amount,
      coupons:
        d.kind === 'ticket'
          ? (d.coupons as FlightCoupon[])
          : (d.coupons as Omit<ServiceCoupon, 'ticket_number'>[]).map((c) => ({
              ...c,
              ticket_number: ticketOf(d.passenger_id, issued),
            })),
      conjunctions: numbers.slice(1),
      exchange: d.exchange,
      issued_at: at,
      updated_at: at,
    }));
    await tickets.insert(trx, out);
    return out;
  }

  const paid = (services: readonly FlightService[]) => services.filter((s) => s.amount > 0);

  return {
    /**
     * Tickets a booking: an e-ticket per passenger and an EMD for each passenger's paid seats and bags.
     * Answers the ticket numbers by passenger (none for a ticketless carrier).
     */
    async issue(trx: Kysely<Database>, row: FlightBookingRecord, at: string): Promise<TicketNumbers> {
      const code = codeFor(row);
      if (!code) return {};
      const drafts = [...ticketDrafts(row), ...emdDrafts(row, paid(row.itinerary.services ?? []))];
      const records = await numberAndInsert(trx, row, code, drafts, (p, issued) => issued[p]!, at);
      return Object.fromEntries(
        records.filter((r) => r.kind === 'ticket').map((r) => [r.passenger_id, r.number]),
      );
    },

    /** EMDs for services bought after ticketing, tied to each passenger's e-ticket. */
    async sellServices(
      trx: Kysely<Database>,
      row: FlightBookingRecord,
      services: readonly FlightService[],
      at: string,
    ): Promise<void> {
      const code = codeFor(row);
      const numbers = row.tickets ?? {};
      if (!code || Object.keys(numbers).length === 0) return;
      await numberAndInsert(trx, row, code, emdDrafts(row, paid(services)), (p) => numbers[p]!, at);
    },

    /**
     * Reissues the tickets of a changed booking: a new e-ticket per passenger with its exchange record, the
     * old ones exchanged; EMD coupons of seats given up forfeited, the others tied to the new tickets.
     * Answers the new ticket numbers by passenger.
     */
    async reissue(
      trx: Kysely<Database>,
      before: FlightBookingRecord,
      after: FlightBookingRecord,
      terms: { penaltyPerPassenger: number; refundable: boolean },
      at: string,
    ): Promise<TicketNumbers | null> {
      const code = codeFor(after);
      const current = before.tickets ?? {};
      if (!code || Object.keys(current).length === 0) return before.tickets;
      const documents = await tickets.forBooking(before.id, trx);
      const open = new Map(
        documents
          .filter((d) => d.kind === 'ticket' && d.status === 'open' && current[d.passenger_id] === d.number)
          .map((d) => [d.passenger_id, d]),
      );
      const records = await numberAndInsert(
        trx,
        after,
        code,
        reissueDrafts(after, open, terms),
        () => '',
        at,
      );
      for (const old of open.values())
        await tickets.update(
          trx,
          old.number,
          {
            status: 'exchanged',
            coupons: (old.coupons as FlightCoupon[]).map((c) =>
              c.status === 'open' ? { ...c, status: 'exchanged' as const } : c,
            ),
          },
          at,
        );
      const issued: TicketNumbers = { ...current };
      for (const r of records) issued[r.passenger_id] = r.number;
      const kept = new Map((after.itinerary.services ?? []).map((s) => [s.id, s]));
      const coupons = flightCoupons(after);
      for (const emd of documents.filter((d) => d.kind === 'emd' && d.status === 'open')) {
        const next = (emd.coupons as ServiceCoupon[]).map((c): ServiceCoupon => {
          const service = kept.get(c.service_id);
          if (c.status !== 'open') return c;
          if (!service) return { ...c, status: 'forfeited' };
          return {
            ...c,
            ticket_number: issued[emd.passenger_id] ?? c.ticket_number,
            ticket_coupons: coupons
              .filter(
                (f) =>
                  f.slice === service.slice && (service.type !== 'seat' || f.segment === service.segment),
              )
              .map((f) => f.coupon),
          };
        });
        await tickets.update(trx, emd.number, { status: statusOf(next), coupons: next }, at);
      }
      return issued;
    },

    /**
     * Gives documents back with a cancellation: all of a booking's, or those of some passengers, or the
     * coupons of some slices (a ticket stays open while it has an open coupon), or the EMD coupons of some
     * services (seats given up for others).
     */
    async refund(
      trx: Kysely<Database>,
      bookingId: string,
      part: {
        passengers?: ReadonlySet<string>;
        slices?: ReadonlySet<number>;
        services?: ReadonlySet<string>;
      },
      at: string,
    ): Promise<void> {
      const documents = await tickets.forBooking(bookingId, trx);
      const sliceOf = (ticket: string, coupon: number) =>
        (documents.find((t) => t.number === ticket)?.coupons as FlightCoupon[] | undefined)?.find(
          (f) => f.coupon === coupon,
        )?.slice;
      const inSlices = (slice: number | undefined) =>
        !part.slices || (slice !== undefined && part.slices.has(slice));
      for (const d of documents) {
        if (d.status !== 'open') continue;
        if (part.passengers && !part.passengers.has(d.passenger_id)) continue;
        if (part.services && d.kind === 'ticket') continue;
        const next =
          d.kind === 'ticket'
            ? (d.coupons as FlightCoupon[]).map((c) =>
                c.status === 'open' && inSlices(c.slice) ? { ...c, status: 'refunded' as const } : c,
              )
            : (d.coupons as ServiceCoupon[]).map((c) => {
                const inPart =
                  (!part.services || part.services.has(c.service_id)) &&
                  (!part.slices || c.ticket_coupons.some((n) => inSlices(sliceOf(c.ticket_number, n))));
                return c.status === 'open' && inPart ? { ...c, status: 'refunded' as const } : c;
              });
        if (next.every((c, i) => c.status === d.coupons[i]!.status)) continue;
        await tickets.update(trx, d.number, { status: statusOf(next), coupons: next }, at);
      }
    },

    /** A booking's documents, oldest first. */
    list: (bookingId: string, trx?: Kysely<Database>) => tickets.forBooking(bookingId, trx),
  };
}

/** A document is open while a coupon is; else refunded if any coupon was, else as its coupons went. */
function statusOf(coupons: ReadonlyArray<{ status: string }>): TicketRecord['status'] {
  if (coupons.some((c) => c.status === 'open')) return 'open';
  if (coupons.some((c) => c.status === 'refunded')) return 'refunded';
  if (coupons.some((c) => c.status === 'forfeited')) return 'forfeited';
  return 'exchanged';
}

export type Ticketing = ReturnType<typeof createTicketing>;
