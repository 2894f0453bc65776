import { AppError } from '../../../http/app-error.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { decodeRatePlan, decodeRoomType } from '../inventory/hotel-content-codec.ts';
import type { HotelInventoryRepository } from '../inventory/hotel-inventory-repository.ts';
import { priceRooms, type StayProblem } from '../inventory/hotel-rates.ts';
import type { HotelRow, HotelsRepository } from '../inventory/hotels-repository.ts';
import { stayRateNights } from '../inventory/rate-nights.ts';
import { checkInOpen, nightsOf } from '../inventory/stays.ts';
import { roomsLeft } from '../search/hotel-options.ts';
import type { PlanTerms } from '../search/hotel-sale.ts';
import type { RateKeyPayload } from '../search/rate-key.ts';
import type { StoredHotel } from './hotel-booking-record.ts';

/*
 * A rate key's product as it is at this moment, read from the database (never from the search index):
 * what a rate check answers and what a booking or a date change pays.
 */

/** What a guest is told of a rule their stay breaks. */
function restrictionText(problem: StayProblem): string {
  switch (problem.code) {
    case 'STAY_TOO_SHORT':
      return `This rate needs a stay of at least ${problem.min_stay} nights`;
    case 'STAY_TOO_LONG':
      return `This rate allows a stay of at most ${problem.max_stay} nights`;
    case 'CLOSED':
      return `This rate is not sold for the night of ${problem.date}`;
    case 'CLOSED_TO_ARRIVAL':
      return `Arrival on ${problem.date} is closed for this rate`;
    case 'CLOSED_TO_DEPARTURE':
      return `Departure on ${problem.date} is closed for this rate`;
    case 'OCCUPANCY_EXCEEDED':
      return `Too many guests for this room: ${problem.detail}`;
  }
}

export function stayRestricted(problem: StayProblem): AppError {
  const detail = restrictionText(problem);
  const { code, ...rest } = problem;
  return new AppError('STAY_RESTRICTED', detail, { restriction: code, ...rest });
}

export function storedHotel(h: HotelRow, catalogue: Catalogue): StoredHotel {
  const city = catalogue.cityById.get(h.city_id);
  return {
    id: h.id,
    code: h.code,
    name: h.name,
    address: h.address,
    city_id: h.city_id,
    city_name: city?.name ?? '',
    country_code: city?.country_code ?? '',
    stars: h.stars,
    time_zone: h.time_zone,
    check_in_time: h.check_in_time,
    check_out_time: h.check_out_time,
  };
}

/** 410: a quote expired (check the rate again) or a rate key did (search again). */
export function expired(p: RateKeyPayload, what: 'quote' | 'rate key'): AppError {
  const extras = { expired_at: new Date(p.expires * 1000).toISOString() };
  return what === 'quote'
    ? new AppError('QUOTE_EXPIRED', 'The quote has expired; check the rate again', extras)
    : new AppError('OFFER_EXPIRED', 'The rate key has expired; search again', extras);
}

/** The product of a rate key as it is now, priced for its rooms and buyer, with the rooms left; or why not. */
export async function rateNow(
  deps: { hotels: HotelsRepository; inventory: HotelInventoryRepository },
  p: RateKeyPayload,
  now: Date,
  terms: PlanTerms,
) {
  const product = await deps.hotels.product(p);
  if (product?.hotel.active !== 1)
    return { ok: false as const, reason: 'The hotel no longer sells this rate' };
  if (!checkInOpen(p.check_in, product.hotel.time_zone, now))
    return {
      ok: false as const,
      reason: `The check-in date ${p.check_in} has passed where the hotel is (${product.hotel.time_zone})`,
    };
  const roomType = decodeRoomType(product.roomType);
  const plan = decodeRatePlan(product.ratePlan);
  const state = await deps.inventory.nights([roomType.id], p.check_in, p.check_out);
  const left = roomsLeft(roomType, nightsOf(p.check_in, p.check_out), (night) =>
    state.get(`${roomType.id}|${night}`),
  );
  const stateOf = (night: string) => state.get(`${roomType.id}|${night}`);
  const arrivalClosed = stateOf(p.check_in)?.closedToArrival ?? false;
  const set = stayRateNights(stateOf, plan.id, nightsOf(p.check_in, p.check_out), p.check_out);
  const priced = priceRooms(
    plan,
    roomType,
    { checkIn: p.check_in, checkOut: p.check_out, arrivalClosed, ...(set ? { set } : {}) },
    p.rooms,
    terms(product.hotel, plan, p.check_in),
  );
  return { ok: true as const, product, roomType, plan, priced, roomsLeft: left };
}
