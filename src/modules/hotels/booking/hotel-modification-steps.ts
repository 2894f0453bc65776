import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError, invalidFields } from '../../../http/app-error.ts';
import { decodeRatePlan, decodeRoomType } from '../inventory/hotel-content-codec.ts';
import type { HotelInventoryRepository } from '../inventory/hotel-inventory-repository.ts';
import { priceRooms } from '../inventory/hotel-rates.ts';
import type { HotelsRepository } from '../inventory/hotels-repository.ts';
import { stayRateNights } from '../inventory/rate-nights.ts';
import { nightsOf } from '../inventory/stays.ts';
import type { PlanTerms } from '../search/hotel-sale.ts';
import type { HotelBookingRecord, HotelBookingRoomRecord, StoredRoomPrice } from './hotel-booking-record.ts';
import { countByType, isLive } from './hotel-booking-rooms.ts';
import { checkGuests, type GuestInput } from './hotel-booking-rules.ts';
import { stayRestricted } from './hotel-rate-now.ts';

/*
 * The steps of a hotel booking modification: check the room edits, re-price a moved stay, apply the
 * edits, move the nights. The service runs them in order, the last inside its transaction.
 */

export type RoomEdit = {
  room_id: string;
  guests?: GuestInput[] | undefined;
  special_requests?: string | null | undefined;
};
export type RepricedRoom = { total: number; price: StoredRoomPrice };

/** Each edited room is a live room of the booking, and its new guests still fit its occupancy. */
export function checkRoomEdits(edits: readonly RoomEdit[], rooms: readonly HotelBookingRoomRecord[]): void {
  const errors = edits.flatMap((edit, i) => {
    const room = rooms.find((r) => r.id === edit.room_id);
    if (!room || !isLive(room))
      return [
        { location: 'body', pointer: `/rooms/${i}/room_id`, detail: 'is not a live room of this booking' },
      ];
    if (!edit.guests) return [];
    return checkGuests([{ guests: edit.guests }], [{ adults: room.adults, children: room.child_ages }]).map(
      (e) => ({ ...e, pointer: `/rooms/${i}/guests` }),
    );
  });
  if (errors.length > 0) throw invalidFields('The modification', errors);
}

/**
 * The live rooms priced at today's rates for the new stay; 409 PRICE_CHANGED with the new total when it
 * is not what the client expects, 422 when a rate's rules refuse the stay.
 */
export async function repriceStay(
  { hotels, inventory }: { hotels: HotelsRepository; inventory: HotelInventoryRepository },
  booking: Pick<HotelBookingRecord, 'hotel_id' | 'currency'>,
  liveRooms: readonly HotelBookingRoomRecord[],
  stay: { checkIn: string; checkOut: string },
  /** What the client expects the new stay to cost (PRICE_CHANGED otherwise); null to learn the price. */
  expected: { amount: number; currency: string } | null,
  terms: PlanTerms,
): Promise<Map<string, RepricedRoom>> {
  const repriced = new Map<string, RepricedRoom>();
  const state = await inventory.nights(
    [...new Set(liveRooms.map((r) => r.room_type_id))],
    stay.checkIn,
    stay.checkOut,
  );
  for (const r of liveRooms) {
    const product = await hotels.product({
      hotel_id: booking.hotel_id,
      room_type_id: r.room_type_id,
      rate_plan_id: r.rate_plan_id,
    });
    if (product?.hotel.active !== 1)
      throw new AppError('NO_AVAILABILITY', 'The hotel no longer sells this room and rate');
    const plan = decodeRatePlan(product.ratePlan);
    const stateOf = (night: string) => state.get(`${r.room_type_id}|${night}`);
    const set = stayRateNights(stateOf, plan.id, nightsOf(stay.checkIn, stay.checkOut), stay.checkOut);
    const priced = priceRooms(
      plan,
      decodeRoomType(product.roomType),
      {
        ...stay,
        arrivalClosed: stateOf(stay.checkIn)?.closedToArrival ?? false,
        ...(set ? { set } : {}),
      },
      [{ adults: r.adults, children: r.child_ages }],
      terms(product.hotel, plan, stay.checkIn),
    );
    if (priced.problem) throw stayRestricted(priced.problem);
    repriced.set(r.id, {
      total: priced.total,
      price: {
        ...r.price,
        currency: plan.currency,
        nightly: priced.rooms[0]!.nights,
        tax_included_amount: priced.rooms[0]!.tax_included_amount,
        payable_at_hotel_amount: priced.rooms[0]!.payable_at_hotel_amount,
        cancellation_policy: plan.cancellation,
        pricing: priced.rooms[0]!.pricing,
      },
    });
  }
  const total = [...repriced.values()].reduce((n, x) => n + x.total, 0);
  if (expected && (total !== expected.amount || expected.currency !== booking.currency))
    throw new AppError(
      'PRICE_CHANGED',
      `The new stay costs ${total} ${booking.currency} (expected ${expected.amount})`,
      { total_amount: total, total_currency: booking.currency },
    );
  return repriced;
}

/** The rooms with their edited guests and requests, and their new prices when the stay moved. */
export function withEdits(
  rooms: readonly HotelBookingRoomRecord[],
  edits: readonly RoomEdit[],
  repriced: ReadonlyMap<string, RepricedRoom>,
): HotelBookingRoomRecord[] {
  const byRoom = new Map(edits.map((e) => [e.room_id, e]));
  return rooms.map((r) => {
    const edit = byRoom.get(r.id);
    const moved = repriced.get(r.id);
    return {
      ...r,
      guests: edit?.guests ?? r.guests,
      special_requests:
        edit && edit.special_requests !== undefined ? edit.special_requests : r.special_requests,
      ...(moved ? { total_amount: moved.total, price: moved.price } : {}),
    };
  });
}

/** Gives back the old nights and takes the new ones, per room type; 409 names a full night. */
export async function moveNights(
  trx: Kysely<Database>,
  inventory: HotelInventoryRepository,
  rooms: HotelBookingRoomRecord[],
  oldNights: string[],
  newNights: string[],
): Promise<void> {
  for (const [roomTypeId, count] of countByType(rooms)) {
    await inventory.release(trx, roomTypeId, oldNights, count);
    const full = await inventory.take(trx, roomTypeId, newNights, count);
    if (full !== null)
      throw new AppError(
        'NO_AVAILABILITY',
        `Not enough rooms left on the night of ${full}; nothing changed`,
        {
          night: full,
        },
      );
  }
}

export function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
