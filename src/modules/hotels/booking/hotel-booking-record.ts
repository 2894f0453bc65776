import type { Selectable } from 'kysely';
import type { HotelBookingRoomsTable, HotelBookingsTable } from '../../../db/tables.ts';
import type { CardGuarantee, Due, PaymentSummary, Purpose } from '../../payments/index.ts';
import type { PricingRecord } from '../../pricing/index.ts';
import type { CancellationPolicy } from '../inventory/hotel-cancellation-rules.ts';
import type { GuestInput } from './hotel-booking-rules.ts';

/** The hotel as booked, kept with the booking so later content edits do not rewrite it. */
export interface StoredHotel {
  id: string;
  code: string;
  name: string;
  address: string;
  city_id: string;
  city_name: string;
  country_code: string;
  stars: number;
  time_zone: string;
  check_in_time: string;
  check_out_time: string;
}

export interface StoredHolder {
  given_name: string;
  family_name: string;
  email: string;
  phone: string;
  /** The language mails are written in (English when absent). */
  language?: 'en' | 'de';
}

/** A room's product and price as sold. */
export interface StoredRoomPrice {
  room_type: { id: string; code: string; name: string; beds: string };
  /** `payment_type` is absent on rooms sold before rates could be paid at the hotel: those were paid now. */
  rate_plan: { id: string; code: string; name: string; payment_type?: 'pay_now' | 'pay_at_hotel' };
  board: string;
  currency: string;
  nightly: Array<{ date: string; amount: number }>;
  tax_included_amount: number;
  payable_at_hotel_amount: number;
  cancellation_policy: CancellationPolicy;
  /** How the room's price was made from the hotel's net (absent on rooms sold before pricing rules). */
  pricing?: PricingRecord;
}

/** What rooms' payment pays for: their totals, taxes, markups and the selling agency's commissions. */
export function saleOfRooms(
  rooms: ReadonlyArray<{ total_amount: number; price: StoredRoomPrice }>,
  currency: string,
): Due {
  const sum = (pick: (r: (typeof rooms)[number]) => number) => rooms.reduce((n, r) => n + pick(r), 0);
  return {
    total: sum((r) => r.total_amount),
    tax: sum((r) => r.price.tax_included_amount),
    currency,
    markup: sum((r) => r.price.pricing?.markup_amount ?? 0),
    commission: sum((r) => r.price.pricing?.commission_amount ?? 0),
  };
}

/** What a hotel booking's money is for, in the ledger and on its documents: `Hotel booking K7PX3MQ2 …`. */
export function purposeOf(
  row: Pick<HotelBookingRecord, 'id' | 'reference' | 'agency_id'>,
  what?: string,
): Purpose {
  return {
    bookingId: row.id,
    product: 'hotel',
    description: `Hotel booking ${row.reference}${what ? ` ${what}` : ''}`,
    agencyId: row.agency_id,
  };
}

/** Stored rows, JSON columns as text: only the codecs below read or write them. */
export type HotelBookingRow = Selectable<HotelBookingsTable>;
export type HotelBookingRoomRow = Selectable<HotelBookingRoomsTable>;

type BookingJson = 'holder' | 'hotel' | 'payment' | 'guarantee';
type RoomJson = 'child_ages' | 'guests' | 'price';

/** A hotel booking as the code sees it: holder and hotel as values. */
export interface HotelBookingRecord extends Omit<HotelBookingRow, BookingJson> {
  holder: StoredHolder;
  hotel: StoredHotel;
  /** How it was paid (null before payments existed). */
  payment: PaymentSummary | null;
  /** The card guaranteeing a stay paid at the hotel (null when nothing does). */
  guarantee: CardGuarantee | null;
}

/** A room of a hotel booking as the code sees it: ages, guests and price as values. */
export interface HotelBookingRoomRecord extends Omit<HotelBookingRoomRow, RoomJson> {
  child_ages: number[];
  guests: GuestInput[];
  price: StoredRoomPrice;
}

export function decodeHotelBooking(row: HotelBookingRow): HotelBookingRecord {
  return {
    ...row,
    holder: JSON.parse(row.holder) as StoredHolder,
    hotel: JSON.parse(row.hotel) as StoredHotel,
    payment: row.payment === null ? null : (JSON.parse(row.payment) as PaymentSummary),
    guarantee: row.guarantee === null ? null : (JSON.parse(row.guarantee) as CardGuarantee),
  };
}

export function decodeHotelBookingRoom(row: HotelBookingRoomRow): HotelBookingRoomRecord {
  return {
    ...row,
    child_ages: JSON.parse(row.child_ages) as number[],
    guests: JSON.parse(row.guests) as GuestInput[],
    price: JSON.parse(row.price) as StoredRoomPrice,
  };
}

/** JSON columns of any record fields given, as text, for inserts and partial updates alike. */
function encode(fields: Readonly<Record<string, unknown>>, columns: readonly string[]) {
  const out: Record<string, unknown> = { ...fields };
  for (const column of columns)
    if (fields[column] !== undefined) out[column] = JSON.stringify(fields[column]);
  return out;
}

export function encodeHotelBooking(
  fields: Partial<HotelBookingRecord>,
): Partial<Omit<HotelBookingRecord, BookingJson>> & Partial<Pick<HotelBookingRow, BookingJson>> {
  const out = encode(fields, ['holder', 'hotel'] as const);
  if (fields.payment !== undefined)
    out.payment = fields.payment === null ? null : JSON.stringify(fields.payment);
  if (fields.guarantee !== undefined)
    out.guarantee = fields.guarantee === null ? null : JSON.stringify(fields.guarantee);
  return out;
}

export function encodeHotelBookingRoom(
  fields: Partial<HotelBookingRoomRecord>,
): Partial<Omit<HotelBookingRoomRecord, RoomJson>> & Partial<Pick<HotelBookingRoomRow, RoomJson>> {
  return encode(fields, ['child_ages', 'guests', 'price'] as const);
}

export const toHotelBookingRow = (record: HotelBookingRecord) =>
  encodeHotelBooking(record) as HotelBookingRow;
export const toHotelBookingRoomRow = (record: HotelBookingRoomRecord) =>
  encodeHotelBookingRoom(record) as HotelBookingRoomRow;
