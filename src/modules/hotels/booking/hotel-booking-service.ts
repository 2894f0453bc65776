import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError, invalidField, invalidFields } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import { withFreshReference } from '../../../shared/references.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { decodeRatePlan, decodeRoomType } from '../inventory/hotel-content-codec.ts';
import type { HotelInventoryRepository } from '../inventory/hotel-inventory-repository.ts';
import {
  cancellationTimeline,
  freeCancellationEnds,
  priceRooms,
  type StayProblem,
  sumRooms,
} from '../inventory/hotel-rates.ts';
import type { HotelRow, HotelsRepository } from '../inventory/hotels-repository.ts';
import { nightsOf } from '../inventory/stays.ts';
import { roomsLeft } from '../search/hotel-search-service.ts';
import type { RateKeyPayload, RateKeys } from '../search/rate-key.ts';
import type {
  HotelBookingRecord,
  HotelBookingRoomRecord,
  StoredHolder,
  StoredHotel,
  StoredRoomPrice,
} from './hotel-booking-record.ts';
import { checkGuests, type RoomGuestsInput, searchableNames, stayHasBegun } from './hotel-booking-rules.ts';
import type { StayClock } from './hotel-booking-states.ts';
import { freeToCancel, hotelBookingView, hotelEtag } from './hotel-booking-view.ts';
import type { HotelBookingsRepository } from './hotel-bookings-repository.ts';

export const QUOTE_TTL_SECONDS = 15 * 60;
/** Hotel references are eight characters, so they never collide with six-character flight references. */
export const HOTEL_REFERENCE_LENGTH = 8;
export const HOTEL_BOOKING_ID_PREFIX = 'hbk';

export interface BookHotelInput {
  quote_id?: string | undefined;
  rate_key?: string | undefined;
  holder: StoredHolder;
  rooms: RoomGuestsInput[];
  special_requests?: string | undefined;
  client_reference?: string | undefined;
  expected_total: { amount: number; currency: string };
}

export function stayRestricted(problem: StayProblem): AppError {
  const detail =
    problem.code === 'STAY_TOO_SHORT'
      ? `This rate needs a stay of at least ${problem.min_stay} nights`
      : problem.code === 'CLOSED_TO_ARRIVAL'
        ? `Arrival on ${problem.date} is closed for this rate`
        : `Too many guests for this room: ${problem.detail}`;
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

const notFound = () => new AppError('NOT_FOUND', 'No such booking');

/** 410: a quote expired (check the rate again) or a rate key did (search again). */
function expired(p: RateKeyPayload, what: 'quote' | 'rate key'): AppError {
  const extras = { expired_at: new Date(p.expires * 1000).toISOString() };
  return what === 'quote'
    ? new AppError('QUOTE_EXPIRED', 'The quote has expired; check the rate again', extras)
    : new AppError('OFFER_EXPIRED', 'The rate key has expired; search again', extras);
}

/**
 * Rate checks, hotel bookings and reads. Prices and allotment are read from the database at the
 * moment of booking (never from the search cache), and every night of every room is taken in the
 * booking's transaction or none is.
 */
export function createHotelBookingService(deps: {
  db: Kysely<Database>;
  hotels: HotelsRepository;
  bookings: HotelBookingsRepository;
  inventory: HotelInventoryRepository;
  rateKeys: RateKeys;
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
}) {
  const { db, bookings, inventory, clock, ids } = deps;

  /** The product of a rate key as it is now, priced for its rooms, with the rooms left; or why not. */
  async function current(p: RateKeyPayload) {
    const product = await deps.hotels.product(p);
    if (product?.hotel.active !== 1)
      return { ok: false as const, reason: 'The hotel no longer sells this rate' };
    const roomType = decodeRoomType(product.roomType);
    const plan = decodeRatePlan(product.ratePlan);
    const state = await inventory.nights([roomType.id], p.check_in, p.check_out);
    const left = roomsLeft(roomType, nightsOf(p.check_in, p.check_out), (night) =>
      state.get(`${roomType.id}|${night}`),
    );
    const arrivalClosed = state.get(`${roomType.id}|${p.check_in}`)?.closedToArrival ?? false;
    const priced = priceRooms(
      plan,
      roomType,
      { checkIn: p.check_in, checkOut: p.check_out, arrivalClosed },
      p.rooms,
    );
    return { ok: true as const, product, roomType, plan, priced, roomsLeft: left };
  }

  /** Where a booking's stay is in time now, and whether cancelling it is still free. */
  function clockOf(
    row: Pick<HotelBookingRecord, 'check_in' | 'check_out' | 'hotel'>,
    rooms: HotelBookingRoomRecord[],
    now = clock.now(),
  ): StayClock {
    const zone = row.hotel.time_zone;
    return {
      begun: stayHasBegun(row.check_in, zone, now),
      ended: stayHasBegun(row.check_out, zone, now),
      freeToCancel: freeToCancel(rooms, row.check_in, zone, now),
    };
  }

  async function view(row: HotelBookingRecord) {
    const rooms = await bookings.rooms(db, row.id);
    return {
      booking: hotelBookingView(row, rooms, await bookings.events(row.id), clockOf(row, rooms)),
      etag: hotelEtag(row),
    };
  }

  async function loadVisible(
    principal: Principal,
    by: { id?: string | undefined; reference?: string | undefined },
  ) {
    const row = await bookings.findVisible(visibilityOf(principal), by);
    if (!row) throw notFound();
    return row;
  }

  return {
    clockOf,
    view,
    loadVisible,

    /**
     * Checks a rate key against today's rates and allotment. Sold out and a changed price are answers,
     * not errors; unless sold out, the answer carries a quote (15 minutes) at the price found now.
     */
    async checkRate(rateKey: string) {
      const p = deps.rateKeys.read(rateKey);
      if (!p) throw invalidField('/rate_key', 'is not a rate key from /search_hotels');
      const now = clock.now();
      if (p.expires * 1000 <= now.getTime()) throw expired(p, 'rate key');
      const found = await current(p);
      const base = {
        check_in: p.check_in,
        check_out: p.check_out,
        rooms: p.rooms,
        previous_total_amount: p.total,
        currency: p.currency,
      };
      if (!found.ok || found.priced.problem || found.roomsLeft < p.rooms.length) {
        const reason = !found.ok
          ? found.reason
          : found.priced.problem
            ? stayRestricted(found.priced.problem).message
            : 'Not enough rooms of this type are left for the stay';
        return { status: 'sold_out' as const, reason, quote: null, ...base };
      }
      const { product, roomType, plan, priced } = found;
      const expires = Math.floor(now.getTime() / 1000) + QUOTE_TTL_SECONDS;
      const hotel = storedHotel(product.hotel, deps.catalogue);
      return {
        status:
          priced.total === p.total && plan.currency === p.currency
            ? ('available' as const)
            : ('price_changed' as const),
        reason: null,
        ...base,
        quote: {
          quote_id: deps.rateKeys.issueQuote({ ...p, total: priced.total, currency: plan.currency, expires }),
          expires_at: new Date(expires * 1000).toISOString(),
          hotel: { id: hotel.id, name: hotel.name, address: hotel.address, time_zone: hotel.time_zone },
          room_type: { code: roomType.code, name: roomType.name, beds: roomType.beds },
          rate_plan: { code: plan.code, name: plan.name },
          board: plan.board,
          total_amount: priced.total,
          currency: plan.currency,
          ...sumRooms(priced.rooms),
          cancellation: cancellationTimeline(plan.cancellation, p.check_in, hotel.time_zone, priced.total),
          rooms_left: found.roomsLeft,
        },
      };
    },

    /**
     * Books a quote (or a rate key directly). Refuses before taking anything when the key expired
     * (410), the guests do not match the rooms (400), the rate's rules or price changed (422/409);
     * then, in one transaction, takes one room of the type on every night for every room booked,
     * night by night in order, or rolls back: 409 NO_AVAILABILITY names the first full night.
     */
    async placeBooking(principal: Principal, input: BookHotelInput) {
      const now = clock.now();
      if ((input.quote_id === undefined) === (input.rate_key === undefined))
        throw invalidField('/quote_id', 'or rate_key is required, not both');
      const p = input.quote_id
        ? deps.rateKeys.readQuote(input.quote_id)
        : deps.rateKeys.read(input.rate_key!);
      if (!p)
        throw input.quote_id
          ? invalidField('/quote_id', 'is not a quote from /check_rate')
          : invalidField('/rate_key', 'is not a rate key from /search_hotels');
      if (p.expires * 1000 <= now.getTime()) throw expired(p, input.quote_id ? 'quote' : 'rate key');
      if (input.expected_total.currency !== p.currency)
        throw invalidField('/expected_total/currency', `must be the rate's currency ${p.currency}`);
      const guestErrors = checkGuests(input.rooms, p.rooms);
      if (guestErrors.length > 0) throw invalidFields('The booking request', guestErrors);

      const found = await current(p);
      if (!found.ok) throw new AppError('NO_AVAILABILITY', found.reason);
      const { product, plan, priced } = found;
      if (priced.problem) throw stayRestricted(priced.problem);
      if (priced.total !== input.expected_total.amount || plan.currency !== input.expected_total.currency) {
        throw new AppError(
          'PRICE_CHANGED',
          `The total is now ${priced.total} ${plan.currency} (expected ${input.expected_total.amount})`,
          { total_amount: priced.total, total_currency: plan.currency },
        );
      }
      const hotel = storedHotel(product.hotel, deps.catalogue);
      const nights = nightsOf(p.check_in, p.check_out);
      // Time-ordered, so bookings made in the same millisecond still sort in the order they were made.
      const bookingId = ids.ordered(HOTEL_BOOKING_ID_PREFIX);
      const deadline = freeCancellationEnds(plan.cancellation, p.check_in, hotel.time_zone);
      const rooms: HotelBookingRoomRecord[] = input.rooms.map((r, i) => {
        const price: StoredRoomPrice = {
          room_type: {
            id: found.roomType.id,
            code: found.roomType.code,
            name: found.roomType.name,
            beds: found.roomType.beds,
          },
          rate_plan: { id: plan.id, code: plan.code, name: plan.name },
          board: plan.board,
          currency: plan.currency,
          nightly: priced.rooms[i]!.nights,
          tax_included_amount: priced.rooms[i]!.tax_included_amount,
          payable_at_hotel_amount: priced.rooms[i]!.payable_at_hotel_amount,
          cancellation_policy: plan.cancellation,
        };
        return {
          id: ids.next('hbr'),
          booking_id: bookingId,
          position: i,
          room_type_id: found.roomType.id,
          rate_plan_id: plan.id,
          status: 'confirmed',
          adults: p.rooms[i]!.adults,
          child_ages: p.rooms[i]!.children,
          guests: r.guests,
          special_requests: r.special_requests ?? null,
          price,
          total_amount: priced.rooms[i]!.total_amount,
          penalty_amount: null,
        };
      });

      const row = await withFreshReference(HOTEL_REFERENCE_LENGTH, (reference) =>
        db.transaction().execute(async (trx) => {
          const full = await inventory.take(trx, found.roomType.id, nights, rooms.length);
          if (full !== null)
            throw new AppError(
              'NO_AVAILABILITY',
              `Not enough ${found.roomType.name} rooms left on the night of ${full}`,
              { night: full },
            );
          const row: HotelBookingRecord = {
            id: bookingId,
            reference,
            client_reference: input.client_reference ?? null,
            user_id: principal.userId,
            agency_id: principal.agencyId,
            status: 'confirmed',
            hotel_id: hotel.id,
            city_id: hotel.city_id,
            check_in: p.check_in,
            check_out: p.check_out,
            currency: plan.currency,
            total_amount: priced.total,
            penalty_amount: null,
            free_cancellation_until: deadline?.toISOString() ?? null,
            holder: input.holder,
            names: searchableNames(input.holder, input.rooms),
            special_requests: input.special_requests ?? null,
            hotel,
            version: 1,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
            cancelled_at: null,
          };
          await bookings.insert(trx, row, rooms);
          await bookings.addEvent(trx, ids.ordered('evt'), bookingId, {
            type: 'confirmed',
            data: { total_amount: priced.total, currency: plan.currency, rooms: rooms.length },
            at: now.toISOString(),
          });
          return row;
        }),
      );
      return view(row);
    },

    async getBooking(principal: Principal, by: { id?: string | undefined; reference?: string | undefined }) {
      return view(await loadVisible(principal, by));
    },
  };
}

export type HotelBookingService = ReturnType<typeof createHotelBookingService>;
