import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { servicesAmount } from '../ancillaries/ancillaries.ts';
import { availableBags } from '../inventory/bag-rules.ts';
import { allowedActions } from './booking-states.ts';
import type { FlightBookingRecord, StoredPassenger } from './flight-booking-record.ts';
import type { BookingEvent, FlightBookingsRepository } from './flight-bookings-repository.ts';
import { printedNumber } from './ticket-numbers.ts';
import type { TicketRecord } from './tickets-repository.ts';

/** An operator's retime as the booking shows it: the flight, its old and new times, a broken connection. */
function scheduleChangeView({
  slices: _,
  ...change
}: NonNullable<FlightBookingRecord['itinerary']['schedule_change']>) {
  return change;
}

export function etagOf(row: Pick<FlightBookingRecord, 'version'>): string {
  return `"v${row.version}"`;
}

function maskDocument(p: StoredPassenger) {
  if (!p.document) return null;
  return {
    ...p.document,
    number: `${'*'.repeat(Math.max(0, p.document.number.length - 3))}${p.document.number.slice(-3)}`,
  };
}

/** An e-ticket or EMD as the booking shows it. */
export function ticketView(t: TicketRecord) {
  return {
    number: t.number,
    check_digit: t.check_digit,
    printed_number: printedNumber(t.number),
    type: t.kind === 'ticket' ? ('eticket' as const) : ('emd_associated' as const),
    passenger_id: t.passenger_id,
    validating_carrier: t.carrier,
    status: t.status,
    issued_at: t.issued_at,
    currency: t.currency,
    fare_amount: t.fare_amount,
    tax_amount: t.tax_amount,
    total_amount: t.total_amount,
    conjunction_numbers: t.conjunctions,
    coupons: t.coupons,
    exchange: t.exchange,
  };
}

/**
 * The API shape of a flight booking. Passport numbers are masked but for their last three characters.
 * Lists leave its history and documents out (`events` and `tickets` empty); a booking read alone has them.
 */
export function bookingView(row: FlightBookingRecord, events: BookingEvent[], documents: TicketRecord[]) {
  const { itinerary, passengers } = row;
  const tickets = row.tickets ?? {};
  return {
    id: row.id,
    reference: row.reference,
    product: 'flight' as const,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    hold_expires_at: row.hold_expires_at,
    cabin: itinerary.cabin,
    brand: itinerary.brand,
    slices: itinerary.slices,
    passengers: passengers.map((p) => ({
      id: p.id,
      type: p.type,
      title: p.title,
      given_name: p.given_name,
      family_name: p.family_name,
      gender: p.gender,
      born_on: p.born_on,
      document: maskDocument(p),
      ticket_number: tickets[p.id] ?? null,
      special_requests: p.special_requests ?? [],
      loyalty_accounts: p.loyalty_accounts ?? [],
    })),
    contact: row.contact,
    price: {
      total_amount: row.total_amount,
      total_currency: row.currency,
      base_amount: itinerary.price.base_amount,
      tax_amount: itinerary.price.tax_amount,
      services_amount: servicesAmount(itinerary.services ?? []),
      passengers: itinerary.price.passengers,
    },
    services: itinerary.services ?? [],
    available_services: {
      checked_bags: availableBags(itinerary.service_terms?.extra_bags ?? [], row.currency),
    },
    conditions: itinerary.conditions,
    baggage: itinerary.baggage,
    refund_amount: row.refund_amount,
    cancelled_parts: itinerary.cancelled_parts ?? [],
    ...(itinerary.schedule_change ? { schedule_change: scheduleChangeView(itinerary.schedule_change) } : {}),
    // The trade terms are the agency's business: shown on its bookings, never on a customer's.
    ...(row.agency_id !== null && itinerary.pricing ? { pricing: itinerary.pricing } : {}),
    payment: row.payment,
    tickets: documents.map(ticketView),
    allowed_actions: allowedActions(row.status, itinerary.schedule_change),
    events: events.map((e) => ({ type: e.type, at: e.at, data: e.data })),
  };
}

export type BookingView = ReturnType<typeof bookingView>;

/** A booking read alone, with its history and documents, and its ETag. */
export async function fullView(
  row: FlightBookingRecord,
  sources: {
    bookings: Pick<FlightBookingsRepository, 'events'>;
    ticketing: { list: (bookingId: string, trx?: Kysely<Database>) => Promise<TicketRecord[]> };
  },
  trx?: Kysely<Database>,
) {
  const events = await sources.bookings.events(row.id, trx);
  const documents = await sources.ticketing.list(row.id, trx);
  return { booking: bookingView(row, events, documents), etag: etagOf(row) };
}
