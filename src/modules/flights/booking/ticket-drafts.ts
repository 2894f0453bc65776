import type { FlightService } from '../ancillaries/ancillaries.ts';
import type { FlightBookingRecord, StoredPassenger } from './flight-booking-record.ts';

/** A flight coupon of an e-ticket: one flight of the journey. */
export interface FlightCoupon {
  coupon: number;
  slice: number;
  segment: number;
  flight_number: string;
  origin: string;
  destination: string;
  departure_date: string;
  departing_at: string;
  cabin: string;
  brand: string;
  status: 'open' | 'refunded' | 'exchanged';
}

/** A coupon of an EMD: one service, tied to the e-ticket coupons it goes with (an EMD-A). */
export interface ServiceCoupon {
  coupon: number;
  service_id: string;
  /** IATA's reason for issuance: `A` air transportation; the sub-code names the service. */
  rfic: 'A';
  rfisc: string;
  description: string;
  quantity: number;
  amount: number;
  ticket_number: string;
  ticket_coupons: number[];
  status: 'open' | 'refunded' | 'forfeited';
}

/** A reissued ticket's exchange record: what the ticket it replaces was worth and how the two met. */
export interface ExchangeRecord {
  original_number: string;
  original_amount: number;
  /** What the change costs on top of a difference in fares (per passenger). */
  penalty_amount: number;
  /** What this passenger paid more: a dearer fare's difference and the penalty. */
  additional_collection_amount: number;
  /** What was left of the original ticket when the new fare is cheaper, and whether it was given back. */
  residual_amount: number;
  residual_refunded: boolean;
}

/** A document before it has its number: a passenger's e-ticket or an EMD for their services. */
export interface TicketDraft {
  kind: 'ticket' | 'emd';
  passenger_id: string;
  currency: string;
  fare_amount: number;
  tax_amount: number;
  coupons: FlightCoupon[] | Omit<ServiceCoupon, 'ticket_number'>[];
  exchange: ExchangeRecord | null;
}

/** What a passenger's seat in the fare costs: the price of their type (adult, child, infant). */
function fareOf(row: FlightBookingRecord, passenger: StoredPassenger) {
  const price = row.itinerary.price.passengers.find((p) => p.type === passenger.type);
  return { fare: price?.base_amount ?? 0, tax: price?.tax_amount ?? 0 };
}

/** The flight coupons of a booking's journey, in order, each slice's flights in turn. */
export function flightCoupons(row: FlightBookingRecord): FlightCoupon[] {
  const { itinerary } = row;
  return itinerary.slices
    .flatMap((slice, s) => slice.segments.map((g, k) => ({ slice: s, segment: k, g })))
    .map(({ slice, segment, g }, i) => ({
      coupon: i + 1,
      slice,
      segment,
      flight_number: g.flight_number,
      origin: g.origin,
      destination: g.destination,
      departure_date: g.departure_date,
      departing_at: g.departing_at,
      cabin: itinerary.cabin,
      brand: itinerary.brand,
      status: 'open' as const,
    }));
}

/** An e-ticket for every passenger: the journey's coupons and their fare and taxes. */
export function ticketDrafts(row: FlightBookingRecord, passengers = row.passengers): TicketDraft[] {
  const coupons = flightCoupons(row);
  return passengers.map((p) => {
    const { fare, tax } = fareOf(row, p);
    return {
      kind: 'ticket',
      passenger_id: p.id,
      currency: row.currency,
      fare_amount: fare,
      tax_amount: tax,
      coupons,
      exchange: null,
    };
  });
}

/**
 * New tickets for a changed journey, each with the exchange from the passenger's ticket before: the
 * penalty per seated passenger (an infant on a lap pays none), a dearer fare's difference collected, a
 * cheaper one's residual given back when the fare is refundable.
 */
export function reissueDrafts(
  after: FlightBookingRecord,
  originals: ReadonlyMap<string, { number: string; total_amount: number }>,
  terms: { penaltyPerPassenger: number; refundable: boolean },
): TicketDraft[] {
  return ticketDrafts(after).flatMap((draft) => {
    const original = originals.get(draft.passenger_id);
    if (!original) return [];
    const passenger = after.passengers.find((p) => p.id === draft.passenger_id)!;
    const penalty = passenger.type === 'infant' ? 0 : terms.penaltyPerPassenger;
    const difference = draft.fare_amount + draft.tax_amount - original.total_amount;
    return [
      {
        ...draft,
        exchange: {
          original_number: original.number,
          original_amount: original.total_amount,
          penalty_amount: penalty,
          additional_collection_amount: Math.max(0, difference) + penalty,
          residual_amount: Math.max(0, -difference),
          residual_refunded: terms.refundable && difference < 0,
        },
      },
    ];
  });
}

/** IATA's sub-codes of the services sold: a pre-reserved seat, the first and further extra bags. */
function serviceCode(service: FlightService): { rfisc: string; description: string } {
  if (service.type === 'seat') return { rfisc: '0B5', description: `Seat ${service.designator}` };
  return {
    rfisc: '0CC',
    description: `${service.quantity} extra checked bag${service.quantity === 1 ? '' : 's'}`,
  };
}

/**
 * An EMD for each passenger's services bought together, a coupon per service tied to the ticket
 * coupons it serves: a seat to its flight, bags to every flight of their slice.
 */
export function emdDrafts(
  row: FlightBookingRecord,
  services: readonly FlightService[],
): Array<Omit<TicketDraft, 'coupons'> & { coupons: Omit<ServiceCoupon, 'ticket_number'>[] }> {
  const coupons = flightCoupons(row);
  const byPassenger = Map.groupBy(services, (s) => s.passenger_id);
  return [...byPassenger].map(([passengerId, bought]) => ({
    kind: 'emd' as const,
    passenger_id: passengerId,
    currency: row.currency,
    fare_amount: bought.reduce((n, s) => n + s.amount, 0),
    tax_amount: 0,
    exchange: null,
    coupons: bought.map((s, i) => ({
      coupon: i + 1,
      service_id: s.id,
      rfic: 'A' as const,
      ...serviceCode(s),
      quantity: s.type === 'seat' ? 1 : s.quantity,
      amount: s.amount,
      ticket_coupons: coupons
        .filter((c) => c.slice === s.slice && (s.type !== 'seat' || c.segment === s.segment))
        .map((c) => c.coupon),
      status: 'open' as const,
    })),
  }));
}
