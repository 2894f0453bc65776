import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError } from '../../../http/app-error.ts';
import type { CardGuarantee, PaymentSummary } from '../../payments/index.ts';
import type { IndexedRatePlan, IndexedRoomType } from '../inventory/hotel-content-codec.ts';
import type { HotelInventoryRepository } from '../inventory/hotel-inventory-repository.ts';
import type { StayPrice } from '../inventory/hotel-rates.ts';
import type { RateKeyPayload } from '../search/rate-key.ts';
import type {
  HotelBookingRecord,
  HotelBookingRoomRecord,
  StoredHolder,
  StoredHotel,
} from './hotel-booking-record.ts';
import { bookingDeadline } from './hotel-booking-rooms.ts';
import { type RoomGuestsInput, searchableNames } from './hotel-booking-rules.ts';

/*
 * Placing a hotel booking, step by step (the service strings them together in one transaction): the
 * rooms as sold, the nights taken, the booking's record.
 */

type Stay = Pick<RateKeyPayload, 'check_in' | 'check_out' | 'rooms'>;

/** Each booked room with its guests and its price as sold, cancellable on its own later. */
export function roomsAsSold(input: {
  bookingId: string;
  roomIds: string[];
  stay: Stay;
  guests: RoomGuestsInput[];
  roomType: IndexedRoomType;
  plan: IndexedRatePlan;
  prices: StayPrice[];
  /** `held` while the booking is a hold. */
  status: 'held' | 'confirmed';
  /** The position of the first of these rooms in the booking (rooms of several rates follow each other). */
  first: number;
}): HotelBookingRoomRecord[] {
  const { roomType, plan } = input;
  return input.guests.map((r, i) => ({
    id: input.roomIds[i]!,
    booking_id: input.bookingId,
    position: input.first + i,
    room_type_id: roomType.id,
    rate_plan_id: plan.id,
    status: input.status,
    adults: input.stay.rooms[i]!.adults,
    child_ages: input.stay.rooms[i]!.children,
    guests: r.guests,
    special_requests: r.special_requests ?? null,
    price: {
      room_type: { id: roomType.id, code: roomType.code, name: roomType.name, beds: roomType.beds },
      rate_plan: { id: plan.id, code: plan.code, name: plan.name, payment_type: plan.payment_type },
      board: plan.board,
      currency: plan.currency,
      nightly: input.prices[i]!.nights,
      tax_included_amount: input.prices[i]!.tax_included_amount,
      payable_at_hotel_amount: input.prices[i]!.payable_at_hotel_amount,
      cancellation_policy: plan.cancellation,
      pricing: input.prices[i]!.pricing,
    },
    total_amount: input.prices[i]!.total_amount,
    penalty_amount: null,
  }));
}

/** Takes `count` rooms of the type on every night, in night order, or throws 409 naming the full night. */
export async function takeNights(
  trx: Kysely<Database>,
  inventory: HotelInventoryRepository,
  roomType: Pick<IndexedRoomType, 'id' | 'name'>,
  nights: string[],
  count: number,
): Promise<void> {
  const full = await inventory.take(trx, roomType.id, nights, count);
  if (full !== null)
    throw new AppError('NO_AVAILABILITY', `Not enough ${roomType.name} rooms left on the night of ${full}`, {
      night: full,
    });
}

/** A new hotel booking's record: confirmed, or held until `holdUntil`. */
export function newHotelBookingRecord(input: {
  id: string;
  reference: string;
  owner: { userId: string; agencyId: string | null };
  input: {
    holder: StoredHolder;
    rooms: RoomGuestsInput[];
    special_requests?: string | undefined;
    client_reference?: string | undefined;
  };
  stay: Stay;
  hotel: StoredHotel;
  currency: string;
  /** Its rooms as sold: the booking's free cancellation ends with the earliest of theirs. */
  rooms: HotelBookingRoomRecord[];
  total: number;
  idempotencyKey: string | null;
  payment: PaymentSummary | null;
  guarantee: CardGuarantee | null;
  holdUntil: Date | null;
  now: Date;
}): HotelBookingRecord {
  const { hotel, stay, now } = input;
  return {
    id: input.id,
    reference: input.reference,
    client_reference: input.input.client_reference ?? null,
    user_id: input.owner.userId,
    agency_id: input.owner.agencyId,
    status: input.holdUntil ? 'held' : 'confirmed',
    hotel_id: hotel.id,
    city_id: hotel.city_id,
    check_in: stay.check_in,
    check_out: stay.check_out,
    currency: input.currency,
    total_amount: input.total,
    penalty_amount: null,
    free_cancellation_until: bookingDeadline(input.rooms, stay.check_in, hotel.time_zone),
    holder: input.input.holder,
    names: searchableNames(input.input.holder, input.input.rooms),
    special_requests: input.input.special_requests ?? null,
    hotel,
    idempotency_key: input.idempotencyKey,
    payment: input.payment,
    hold_expires_at: input.holdUntil?.toISOString() ?? null,
    guarantee: input.guarantee,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    cancelled_at: null,
    hotel_confirmation: null,
  };
}
