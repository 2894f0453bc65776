import type { Selectable } from 'kysely';
import type { FlightBookingsTable } from '../../../db/tables.ts';
import { foldedNames } from '../../../shared/names.ts';
import type { Sealer } from '../../../shared/sealed-data.ts';
import type { Due, PaymentSummary } from '../../payments/index.ts';
import type { PricingRecord } from '../../pricing/index.ts';
import { type FlightService, type ServiceTerms, servicesAmount } from '../ancillaries/ancillaries.ts';
import type { PriceBreakdown } from '../search/fare-rules.ts';
import type { conditionsOf, describeSlice } from '../search/offer-builder.ts';
import type { PassengerInput } from './booking-rules.ts';
import type { BookingStatus } from './booking-states.ts';
import type { ScheduleChange } from './schedule-change.ts';

/** One slice's fares as sold. */
export interface SliceFares {
  price: PriceBreakdown;
  conditions: ReturnType<typeof conditionsOf>;
}

/** A part of a booking cancelled on its own: some passengers, or its last slices. */
export interface CancelledPart {
  cancelled_at: string;
  passengers: Array<Pick<StoredPassenger, 'id' | 'type' | 'given_name' | 'family_name'>>;
  slices: Array<{ origin: string; destination: string; departure_date: string }>;
  refund_amount: number;
  penalty_amount: number;
}

/** What a booking keeps of its offer, as sold. */
export interface StoredItinerary {
  cabin: string;
  brand: string;
  slices: Array<ReturnType<typeof describeSlice>>;
  price: PriceBreakdown;
  conditions: ReturnType<typeof conditionsOf>;
  baggage: { checked: number; cabin: number };
  refund_terms: { refundable: boolean; penalty_per_passenger: number };
  /**
   * Each slice's own fares: its share of the selling price and its conditions, so that a slice can be
   * given up alone (absent on bookings sold before they were kept).
   */
  fares_by_slice?: SliceFares[];
  /** Passengers or slices cancelled on their own, with what each gave back. */
  cancelled_parts?: CancelledPart[];
  /** How the price was made from the net (absent on bookings sold before pricing rules). */
  pricing?: PricingRecord;
  /** Seats and extra bags bought, at booking or after (absent on bookings sold before services). */
  services?: FlightService[];
  /** What the ticketed fares charge for services. */
  service_terms?: ServiceTerms;
  /** What changes cost on top of the fares: penalties, residuals kept, seat fees given up. */
  change_fees?: number;
  /** An operator's retime awaiting the traveller's answer. */
  schedule_change?: ScheduleChange;
  /**
   * The airline whose tickets the booking holds: its first flight's when sold, kept through every change
   * (absent on bookings sold before it was kept, whose first flight's it is).
   */
  validating_carrier?: string;
}

/** The airline whose tickets an itinerary holds, whichever airlines now fly it. */
export const validatingCarrierOf = (itinerary: StoredItinerary): string =>
  itinerary.validating_carrier ?? itinerary.slices[0]!.segments[0]!.carrier;

/**
 * What the booking's payment pays for: its fares and services, the taxes in them, the markup and the
 * selling agency's commission (services are sold at the fare's price: no markup, no commission).
 */
export function saleOf(itinerary: StoredItinerary): Due {
  return {
    total:
      itinerary.price.total_amount + servicesAmount(itinerary.services ?? []) + (itinerary.change_fees ?? 0),
    tax: itinerary.price.tax_amount,
    currency: itinerary.price.currency,
    markup: itinerary.pricing?.markup_amount ?? 0,
    commission: itinerary.pricing?.commission_amount ?? 0,
  };
}

export type StoredPassenger = PassengerInput & {
  id: string;
  /**
   * The name the passenger was booked (and ticketed) in, kept once a correction changes it: every later
   * correction is measured from it, so small corrections cannot add up to another traveller.
   */
  booked_name?: string;
};

export interface Contact {
  email: string;
  phone: string;
  /** The language mails are written in (English when absent). */
  language?: 'en' | 'de';
}

/** A stored flight booking row: its JSON columns as text. Only the codec below reads or writes it. */
export type FlightBookingRow = Selectable<FlightBookingsTable>;

type JsonColumns = 'itinerary' | 'passengers' | 'contact' | 'tickets' | 'payment';

/** A flight booking as the code sees it: the row with its JSON columns as values. */
export interface FlightBookingRecord extends Omit<FlightBookingRow, JsonColumns | 'status'> {
  status: BookingStatus;
  itinerary: StoredItinerary;
  passengers: StoredPassenger[];
  contact: Contact;
  /** Ticket number by passenger id, once ticketed. */
  tickets: Record<string, string> | null;
  /** How it is paid, once there is something to pay with. */
  payment: PaymentSummary | null;
}

/** What of a passenger is sealed at rest (docs/security.md, "Personal data"): birth date and document. */
type SealedPassenger = Omit<StoredPassenger, 'born_on' | 'document'> & { sealed: string };
type Secrets = Pick<StoredPassenger, 'born_on' | 'document'>;

/** Binds a passenger's sealed part to the passenger, so it cannot be moved to another. */
const passengerContext = (id: string) => `flight_booking.passenger:${id}`;

/**
 * Rows to records and back: the one place a flight booking's JSON is parsed, and where its passengers'
 * dates of birth and travel documents are sealed on the way in and opened on the way out (a row written
 * before they were sealed is read as it is).
 */
export function flightBookingCodec(sealer: Pick<Sealer, 'seal' | 'open'>) {
  const sealPassengers = (passengers: readonly StoredPassenger[]): string =>
    JSON.stringify(
      passengers.map(({ born_on, document, ...rest }): SealedPassenger => {
        const secrets: Secrets = { born_on, ...(document ? { document } : {}) };
        return { ...rest, sealed: sealer.seal(JSON.stringify(secrets), passengerContext(rest.id)) };
      }),
    );
  const openPassengers = (text: string): StoredPassenger[] =>
    (JSON.parse(text) as Array<SealedPassenger | StoredPassenger>).map((p) => {
      if (!('sealed' in p)) return p;
      const { sealed, ...rest } = p;
      return { ...rest, ...(JSON.parse(sealer.open(sealed, passengerContext(p.id))) as Secrets) };
    });

  /** Record fields to row columns, for partial updates. */
  function encode<T extends Partial<FlightBookingRecord>>(
    fields: T,
  ): Omit<T, JsonColumns> & Partial<Pick<FlightBookingRow, JsonColumns>> {
    const out: Record<string, unknown> = { ...fields };
    for (const column of ['itinerary', 'contact'] as const)
      if (fields[column] !== undefined) out[column] = JSON.stringify(fields[column]);
    if (fields.passengers !== undefined) out.passengers = sealPassengers(fields.passengers);
    for (const column of ['tickets', 'payment'] as const)
      if (fields[column] !== undefined)
        out[column] = fields[column] === null ? null : JSON.stringify(fields[column]);
    return out as Omit<T, JsonColumns> & Partial<Pick<FlightBookingRow, JsonColumns>>;
  }

  return {
    decode(row: FlightBookingRow): FlightBookingRecord {
      return {
        ...row,
        itinerary: JSON.parse(row.itinerary) as StoredItinerary,
        passengers: openPassengers(row.passengers),
        contact: JSON.parse(row.contact) as Contact,
        tickets: row.tickets === null ? null : (JSON.parse(row.tickets) as Record<string, string>),
        payment: row.payment === null ? null : (JSON.parse(row.payment) as PaymentSummary),
      };
    },
    encode,
    /** A passengers column's passengers, opened. */
    passengersOf: openPassengers,
    /** Record to row, for an insert. */
    toRow(record: FlightBookingRecord): FlightBookingRow {
      return { ...record, ...encode(record) } as FlightBookingRow;
    },
  };
}

export type FlightBookingCodec = ReturnType<typeof flightBookingCodec>;

/** A new booking's record: held (no tickets, a deadline) or confirmed (its tickets issued with it). */
export function newBookingRecord(input: {
  id: string;
  reference: string;
  owner: { userId: string; agencyId: string | null };
  itinerary: StoredItinerary;
  passengers: StoredPassenger[];
  contact: Contact;
  firstDeparture: Date;
  holdUntil: Date | null;
  idempotencyKey: string | null;
  payment: PaymentSummary | null;
  now: Date;
}): FlightBookingRecord {
  const { itinerary, passengers, now } = input;
  const held = input.holdUntil !== null;
  return {
    id: input.id,
    reference: input.reference,
    user_id: input.owner.userId,
    agency_id: input.owner.agencyId,
    status: held ? 'held' : 'confirmed',
    currency: itinerary.price.currency,
    total_amount: saleOf(itinerary).total,
    hold_expires_at: input.holdUntil?.toISOString() ?? null,
    first_departure_at: input.firstDeparture.toISOString(),
    itinerary,
    passengers,
    names: foldedNames(passengers),
    contact: input.contact,
    tickets: held ? null : {},
    refund_amount: null,
    idempotency_key: input.idempotencyKey,
    payment: input.payment,
    documents_purged_at: null,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}
