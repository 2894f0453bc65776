import type { Selectable } from 'kysely';
import type { TripsTable } from '../../db/tables.ts';
import type { Due, PaymentSummary, Purpose } from '../payments/index.ts';

export type TripStatus = 'confirmed' | 'cancelled';

/** What each part was worth when the trip was sold, in the trip's currency (the stay's own beside it). */
export interface TripShares {
  flight_amount: number;
  hotel_amount: number;
  /** The stay's total in the hotel's currency, as its booking holds it. */
  hotel_own: { amount: number; currency: string };
  /** What the trip's one sale was made of: taxes, markups and commissions of both parts. */
  sale: Due;
  /** The flights' own sale within it, for a change of the stay to make the trip's sale anew. */
  flight_sale: Due;
}

export interface TripContact {
  email: string;
  phone: string;
  language?: 'en' | 'de' | undefined;
}

export interface TripRecord {
  id: string;
  reference: string;
  user_id: string;
  agency_id: string | null;
  status: TripStatus;
  currency: string;
  total_amount: number;
  refund_amount: number | null;
  flight_booking_id: string;
  hotel_booking_id: string;
  parts: TripShares;
  contact: TripContact;
  payment: PaymentSummary | null;
  idempotency_key: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
}

type TripRow = Selectable<TripsTable>;

/** The one codec of the trips table: JSON columns are read and written here only. */
export function decodeTrip(row: TripRow): TripRecord {
  return {
    ...row,
    status: row.status as TripStatus,
    total_amount: Number(row.total_amount),
    refund_amount: row.refund_amount === null ? null : Number(row.refund_amount),
    parts: JSON.parse(row.parts) as TripShares,
    contact: JSON.parse(row.contact) as TripContact,
    payment: row.payment === null ? null : (JSON.parse(row.payment) as PaymentSummary),
  };
}

export function encodeTrip(record: TripRecord): TripRow {
  return {
    ...record,
    parts: JSON.stringify(record.parts),
    contact: JSON.stringify(record.contact),
    payment: record.payment === null ? null : JSON.stringify(record.payment),
  };
}

/** What a trip's money is for, in the ledger and on its documents: `Trip K7PX3MQ …`. */
export function tripPurpose(
  trip: Pick<TripRecord, 'id' | 'reference' | 'agency_id'>,
  what?: string,
): Purpose {
  return {
    bookingId: trip.id,
    product: 'trip',
    description: `Trip ${trip.reference}${what ? ` ${what}` : ''}`,
    agencyId: trip.agency_id,
  };
}
