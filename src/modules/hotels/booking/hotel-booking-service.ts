import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import type { Principal } from '../../auth/index.ts';
import type { BookingFrame, DraftedPart } from '../../bookings/index.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { PaymentsService, Prepared } from '../../payments/index.ts';
import { sumPricing, type TermsFor } from '../../pricing/index.ts';
import { cancellationTimeline } from '../inventory/hotel-cancellation-rules.ts';
import type { HotelInventoryRepository } from '../inventory/hotel-inventory-repository.ts';
import { sumRooms } from '../inventory/hotel-rates.ts';
import type { HotelsRepository } from '../inventory/hotels-repository.ts';
import { nightsOf } from '../inventory/stays.ts';
import { planTermsFor } from '../search/hotel-sale.ts';
import type { RateKeyPayload, RateKeys } from '../search/rate-key.ts';
import type { BookHotelRequest } from './hotel-booking.schemas.ts';
import type { TellHotelBooking } from './hotel-booking-events.ts';
import { readParts } from './hotel-booking-parts.ts';
import { newHotelBookingRecord, roomsAsSold, takeNights } from './hotel-booking-placement.ts';
import type { HotelBookingReads } from './hotel-booking-reads.ts';
import { purposeOf, saleOfRooms } from './hotel-booking-record.ts';
import { coversStay } from './hotel-booking-rules.ts';
import { checkSettlement, holdOfRates, paymentTypeOf } from './hotel-booking-settlement.ts';
import type { HotelBookingsRepository } from './hotel-bookings-repository.ts';
import { expired, rateNow, stayRestricted, storedHotel } from './hotel-rate-now.ts';

export const QUOTE_TTL_SECONDS = 15 * 60;

/** Hotel references are eight characters, so they never collide with six-character flight references. */
export const HOTEL_REFERENCE_LENGTH = 8;
export const HOTEL_BOOKING_ID_PREFIX = 'hbk';

/**
 * Rate checks and hotel bookings. Prices and allotment are read from the database at the
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
  /** Records a change in the booking's history and the event log, in the change's transaction. */
  tell: TellHotelBooking;
  reads: HotelBookingReads;
  payments: PaymentsService;
  frame: BookingFrame<Prepared>;
  /** Pricing rules: a rate is sold at its selling price for the buyer. */
  pricing: TermsFor;
}) {
  const { bookings, inventory, clock, ids, payments } = deps;

  const current = (p: RateKeyPayload, buyer: Principal) =>
    rateNow(deps, p, clock.now(), planTermsFor(deps.pricing, buyer));
  const { view } = deps.reads;

  /** A key's rate as it is now, bookable: 409 when sold out or gone, 422 when its rules refuse the stay. */
  async function bookable(p: RateKeyPayload, buyer: Principal) {
    const found = await current(p, buyer);
    if (!found.ok) throw new AppError('NO_AVAILABILITY', found.reason);
    const { priced } = found;
    if (priced.problem) throw stayRestricted(priced.problem);
    return { ...found, priced };
  }

  /**
   * Checks a booking request: refuses before taking anything when a key expired (410), the guests do not
   * match the rooms (400), a rate's rules or the total changed (422/409); answers how to place it: in one
   * transaction, take one room of its type on every night for every room booked, night by night in order,
   * or roll back: 409 NO_AVAILABILITY names the first full night. A trip's stay is paid now, by the trip.
   */
  async function draft(principal: Principal, input: BookHotelRequest, paidByTrip: boolean) {
    const now = clock.now();
    const parts = readParts(deps.rateKeys, input, now);
    const stay = parts[0]!.payload;
    const rates: Array<Awaited<ReturnType<typeof bookable>>> = [];
    for (const part of parts) rates.push(await bookable(part.payload, principal));
    const total = rates.reduce((n, r) => n + r.priced.total, 0);
    const currency = rates[0]!.plan.currency;
    if (
      rates.some((r) => r.plan.currency !== currency) ||
      total !== input.expected_total.amount ||
      currency !== input.expected_total.currency
    ) {
      throw new AppError(
        'PRICE_CHANGED',
        `The total is now ${total} ${currency} (expected ${input.expected_total.amount})`,
        { total_amount: total, total_currency: currency },
      );
    }
    const plans = rates.map((r) => r.plan);
    const paymentType = paymentTypeOf(plans);
    const hotel = storedHotel(rates[0]!.product.hotel, deps.catalogue);
    const holdUntil = input.type === 'hold' ? holdOfRates(plans, stay.check_in, hotel.time_zone, now) : null;
    if (paidByTrip && paymentType !== 'pay_now')
      throw invalidField('/package_id', 'pairs a stay paid at the hotel; a trip is paid in one payment');
    if (!paidByTrip)
      checkSettlement({ paymentType, held: !!holdUntil, payment: input.payment, guarantee: input.guarantee });
    const guarantee = input.guarantee
      ? await payments.guarantee(principal, input.guarantee.card_token, '/guarantee/card_token')
      : null;
    if (guarantee && !coversStay(guarantee.card, stay.check_out))
      throw invalidField(
        '/guarantee/card_token',
        `is a card that expires before check-out on ${stay.check_out}`,
      );
    // Time-ordered, so bookings made in the same millisecond still sort in the order they were made.
    const bookingId = ids.ordered(HOTEL_BOOKING_ID_PREFIX);
    const rooms = parts.flatMap((part, k) =>
      roomsAsSold({
        status: holdUntil ? 'held' : 'confirmed',
        bookingId,
        roomIds: part.rooms.map(() => ids.next('hbr')),
        stay: part.payload,
        guests: part.rooms,
        roomType: rates[k]!.roomType,
        plan: rates[k]!.plan,
        prices: rates[k]!.priced.rooms,
        first: part.first,
      }),
    );
    const due = saleOfRooms(rooms, currency);
    const nights = nightsOf(stay.check_in, stay.check_out);

    async function place(
      trx: Kysely<Database>,
      reference: string,
      prepared: Prepared | undefined,
      idempotencyKey: string | null,
    ) {
      for (const [k, part] of parts.entries())
        await takeNights(trx, inventory, rates[k]!.roomType, nights, part.rooms.length);
      const payment = prepared
        ? await payments.settle(
            trx,
            prepared,
            due,
            purposeOf({ id: bookingId, reference, agency_id: principal.agencyId }),
            true,
          )
        : null;
      const record = newHotelBookingRecord({
        id: bookingId,
        reference,
        owner: principal,
        input,
        stay,
        hotel,
        currency,
        rooms,
        total,
        idempotencyKey,
        payment,
        guarantee,
        holdUntil,
        now,
      });
      await bookings.insert(trx, record, rooms);
      await deps.tell(trx, bookingId, 'hotel_booking.created', {
        type: holdUntil ? 'held' : 'confirmed',
        data: {
          total_amount: total,
          currency,
          rooms: rooms.length,
          ...(holdUntil ? { hold_expires_at: holdUntil.toISOString() } : {}),
        },
        at: now.toISOString(),
      });
      return record;
    }
    return { bookingId, due, place };
  }

  return {
    /**
     * Checks a rate key against today's rates and allotment. Sold out and a changed price are answers,
     * not errors; unless sold out, the answer carries a quote (15 minutes) at the price found now.
     */
    async checkRate(principal: Principal, rateKey: string) {
      const p = deps.rateKeys.read(rateKey);
      if (!p) throw invalidField('/rate_key', 'is not a rate key from /search_hotels');
      const now = clock.now();
      if (p.expires * 1000 <= now.getTime()) throw expired(p, 'rate key');
      const found = await current(p, principal);
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
          payment_type: plan.payment_type,
          total_amount: priced.total,
          currency: plan.currency,
          ...sumRooms(priced.rooms),
          cancellation: cancellationTimeline(plan.cancellation, p.check_in, hotel.time_zone, priced.total),
          rooms_left: found.roomsLeft,
          ...(principal.role !== 'customer'
            ? { pricing: sumPricing(priced.rooms.map((r) => r.pricing)) }
            : {}),
        },
      };
    },

    /**
     * Books a quote or rate key for every room, or one in each room (rooms of different types and rates,
     * for one stay). Refuses before taking anything when a key expired (410), the guests do not match the
     * rooms (400), a rate's rules or the total changed (422/409); then, in one transaction, takes one room
     * of its type on every night for every room booked, night by night in order, or rolls back: 409
     * NO_AVAILABILITY names the first full night.
     */
    async placeBooking(principal: Principal, input: BookHotelRequest, idempotencyKey: string | null = null) {
      // A retry of a booking that committed but whose answer was never kept: answer with that booking.
      const made = idempotencyKey && (await bookings.findByIdempotencyKey(principal.userId, idempotencyKey));
      if (made) return view(made);
      const drafted = await draft(principal, input, false);
      // A card is authorized before the transaction (it calls out); the balance is debited inside it.
      const prepared: Prepared | undefined = input.payment
        ? await payments.prepare(principal, input.payment, drafted.due)
        : undefined;
      // Another request with the same key may have made the booking: this one's payment is then not used.
      const row = await deps.frame.create({
        prepared,
        existing: () =>
          idempotencyKey ? bookings.findByIdempotencyKey(principal.userId, idempotencyKey) : undefined,
        referenceLength: HOTEL_REFERENCE_LENGTH,
        run: (trx, reference) => drafted.place(trx, reference, prepared, idempotencyKey),
        madeHere: (made) => made.id === drafted.bookingId,
      });
      return view(row);
    },

    /** A stay drafted for a trip: checked and priced now, placed in the trip's transaction, paid by it. */
    async draftForTrip(principal: Principal, input: BookHotelRequest): Promise<DraftedPart> {
      const drafted = await draft(principal, input, true);
      return {
        id: drafted.bookingId,
        referenceLength: HOTEL_REFERENCE_LENGTH,
        expected: input.expected_total,
        async place(trx, reference) {
          const record = await drafted.place(trx, reference, undefined, null);
          return { id: record.id, reference: record.reference, sale: drafted.due };
        },
      };
    },
  };
}

export type HotelBookingService = ReturnType<typeof createHotelBookingService>;
