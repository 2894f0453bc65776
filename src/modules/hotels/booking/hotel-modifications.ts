import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { Principal } from '../../auth/index.ts';
import type { BookingFrame } from '../../bookings/index.ts';
import type { PaymentsService, Prepared } from '../../payments/index.ts';
import type { TermsFor } from '../../pricing/index.ts';
import type { HotelInventoryRepository } from '../inventory/hotel-inventory-repository.ts';
import type { HotelsRepository } from '../inventory/hotels-repository.ts';
import { checkInOpen, checkStayDates, nightsOf } from '../inventory/stays.ts';
import { planTermsFor } from '../search/hotel-sale.ts';
import type { HotelBookingChanges } from './hotel-booking.schemas.ts';
import type { TellHotelBooking } from './hotel-booking-events.ts';
import type { HotelBookingReads } from './hotel-booking-reads.ts';
import { type HotelBookingRoomRecord, purposeOf, saleOfRooms } from './hotel-booking-record.ts';
import { bookingDeadline, live } from './hotel-booking-rooms.ts';
import { searchableNames } from './hotel-booking-rules.ts';
import { assertHotelAction } from './hotel-booking-states.ts';
import { hotelEtag } from './hotel-booking-view.ts';
import type { HotelBookingsRepository } from './hotel-bookings-repository.ts';
import {
  checkRoomEdits,
  moveNights,
  type RepricedRoom,
  repriceStay,
  stripUndefined,
  withEdits,
} from './hotel-modification-steps.ts';

/**
 * Changes names, special requests and dates of a booking. Conditional on the booking version read (its
 * ETag), so concurrent changes cannot both apply; nights move in one transaction or not at all.
 */
export function createHotelModifications(deps: {
  db: Kysely<Database>;
  hotels: HotelsRepository;
  bookings: HotelBookingsRepository;
  inventory: HotelInventoryRepository;
  reads: HotelBookingReads;
  clock: Clock;
  /** Records a change in the booking's history and the event log, in the change's transaction. */
  tell: TellHotelBooking;
  payments: PaymentsService;
  frame: BookingFrame<Prepared>;
  /** Pricing rules: new dates are sold at the selling price for the booking's agency or customer. */
  pricing: TermsFor;
}) {
  const { db, bookings, inventory, clock, reads } = deps;

  const totals = (rooms: HotelBookingRoomRecord[], currency: string) => saleOfRooms(live(rooms), currency);

  return {
    /**
     * A trip's stay at new dates (its flights moved): every live room re-priced at today's rates, whatever
     * the rate says of date changes (the airline moved the trip, not the guest); 422 when a rate's rules
     * refuse the new stay. Nothing is changed.
     */
    async priceNewDates(id: string, stay: { checkIn: string; checkOut: string }) {
      const row = (await bookings.findById(db, id))!;
      const rooms = await bookings.rooms(db, id);
      assertHotelAction(row.status, reads.clockOf(row, rooms), 'cancel');
      checkStayDates(stay.checkIn, stay.checkOut, clock.now());
      const repriced = await repriceStay(
        deps,
        row,
        live(rooms),
        stay,
        null,
        planTermsFor(deps.pricing, { agencyId: row.agency_id }),
      );
      const total = [...repriced.values()].reduce((n, r) => n + r.total, 0);
      const sale = totals(withEdits(rooms, [], repriced), row.currency);
      return { version: row.version, total, currency: row.currency, sale, repriced };
    },

    /**
     * A trip's stay moved to the dates priced (`priceNewDates`), in the trip's transaction: the old nights
     * given back and the new ones taken (409 NO_AVAILABILITY when one is full), the rooms re-priced, told.
     * No money moves here: the trip's payment takes or gives the difference. False when it changed.
     */
    async moveStayIn(
      trx: Kysely<Database>,
      id: string,
      priced: { version: number; repriced: Map<string, RepricedRoom> },
      stay: { checkIn: string; checkOut: string },
      now: Date,
    ): Promise<boolean> {
      const row = (await bookings.findById(trx, id))!;
      if (row.version !== priced.version) return false;
      const rooms = await bookings.rooms(trx, id);
      const updatedRooms = withEdits(rooms, [], priced.repriced);
      const total = live(updatedRooms).reduce((n, r) => n + r.total_amount, 0);
      const at = now.toISOString();
      const ok = await bookings.update(trx, row.id, row.version, {
        check_in: stay.checkIn,
        check_out: stay.checkOut,
        total_amount: total,
        free_cancellation_until: bookingDeadline(updatedRooms, stay.checkIn, row.hotel.time_zone),
        updated_at: at,
      });
      if (!ok) return false;
      await moveNights(
        trx,
        inventory,
        rooms,
        nightsOf(row.check_in, row.check_out),
        nightsOf(stay.checkIn, stay.checkOut),
      );
      for (const r of updatedRooms)
        await bookings.updateRoom(trx, r.id, { total_amount: r.total_amount, price: r.price });
      await deps.tell(trx, row.id, 'hotel_booking.modified', {
        type: 'modified',
        data: {
          from: { check_in: row.check_in, check_out: row.check_out },
          to: { check_in: stay.checkIn, check_out: stay.checkOut },
          total_amount: total,
          holder: false,
          rooms: [],
          special_requests: false,
        },
        at,
      });
      return true;
    },

    /**
     * Changes names, special requests and, while cancelling is still free, the dates: the live rooms
     * are re-priced at today's rates for the new stay and, in one transaction, the old nights are given
     * back and the new ones taken (or nothing changes). Needs If-Match; a date change needs
     * `expected_total` like a booking does.
     */
    async modify(principal: Principal, id: string, ifMatch: string | undefined, input: HotelBookingChanges) {
      if (!ifMatch)
        throw new AppError('PRECONDITION_REQUIRED', 'Send If-Match with the ETag from GET /booking');
      const row = await reads.loadVisible(principal, { id });
      const rooms = await bookings.rooms(db, row.id);
      const stayClock = reads.clockOf(row, rooms);
      assertHotelAction(row.status, stayClock, 'modify');
      if (ifMatch !== hotelEtag(row))
        throw new AppError('PRECONDITION_FAILED', 'The booking changed since you read it', {
          etag: hotelEtag(row),
        });
      const now = clock.now();
      const checkIn = input.check_in ?? row.check_in;
      const checkOut = input.check_out ?? row.check_out;
      const datesChange = checkIn !== row.check_in || checkOut !== row.check_out;
      const hotel = row.hotel;

      checkRoomEdits(input.rooms ?? [], rooms);
      let repriced = new Map<string, RepricedRoom>();
      if (datesChange) {
        assertHotelAction(row.status, stayClock, 'change_dates');
        checkStayDates(checkIn, checkOut, now);
        if (!checkInOpen(checkIn, row.hotel.time_zone, now))
          throw invalidField('/check_in', `has passed where the hotel is (${row.hotel.time_zone})`);
        if (!input.expected_total) throw invalidField('/expected_total', 'is required when the dates change');
        repriced = await repriceStay(
          deps,
          row,
          live(rooms),
          { checkIn, checkOut },
          input.expected_total,
          planTermsFor(deps.pricing, { agencyId: row.agency_id }),
        );
      }
      const holder = { ...row.holder, ...stripUndefined(input.holder ?? {}) };
      const updatedRooms = withEdits(rooms, input.rooms ?? [], repriced);
      const at = now.toISOString();
      const costsMore =
        datesChange && totals(updatedRooms, row.currency).total > totals(rooms, row.currency).total;
      const more = costsMore
        ? await deps.payments.prepareReplacement(row.id, totals(updatedRooms, row.currency))
        : undefined;
      const saved = await deps.frame.change({
        prepared: more,
        run: async (trx) => {
          const ok = await bookings.update(trx, row.id, row.version, {
            check_in: checkIn,
            check_out: checkOut,
            total_amount: live(updatedRooms).reduce((n, r) => n + r.total_amount, 0),
            free_cancellation_until: bookingDeadline(updatedRooms, checkIn, hotel.time_zone),
            holder,
            names: searchableNames(
              holder,
              updatedRooms.map((r) => ({ guests: r.guests })),
            ),
            special_requests:
              input.special_requests !== undefined ? input.special_requests : row.special_requests,
            updated_at: at,
          });
          if (!ok) return false;
          if (datesChange) {
            // A dearer stay swaps the payment for one of the new total; a cheaper one gives the difference back.
            const payment = await deps.payments.reprice(
              trx,
              totals(rooms, row.currency),
              totals(updatedRooms, row.currency),
              purposeOf(row, 'new dates'),
              more,
            );
            if (payment) await bookings.update(trx, row.id, row.version + 1, { payment });
          }
          if (datesChange)
            await moveNights(
              trx,
              inventory,
              rooms,
              nightsOf(row.check_in, row.check_out),
              nightsOf(checkIn, checkOut),
            );
          for (const r of updatedRooms) {
            await bookings.updateRoom(trx, r.id, {
              guests: r.guests,
              special_requests: r.special_requests,
              total_amount: r.total_amount,
              price: r.price,
            });
          }
          await deps.tell(trx, row.id, 'hotel_booking.modified', {
            type: 'modified',
            data: {
              ...(datesChange
                ? {
                    from: { check_in: row.check_in, check_out: row.check_out },
                    to: { check_in: checkIn, check_out: checkOut },
                  }
                : {}),
              ...(datesChange
                ? { total_amount: live(updatedRooms).reduce((n, r) => n + r.total_amount, 0) }
                : {}),
              holder: input.holder !== undefined,
              rooms: (input.rooms ?? []).map((r) => r.room_id),
              special_requests: input.special_requests !== undefined,
            },
            at,
          });
          return true;
        },
        used: (ok) => ok,
      });
      if (!saved) throw new AppError('PRECONDITION_FAILED', 'The booking changed since you read it');
      return reads.view((await bookings.findById(db, row.id))!);
    },
  };
}

export type HotelModifications = ReturnType<typeof createHotelModifications>;
