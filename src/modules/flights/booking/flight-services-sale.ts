import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../../db/tables.ts';
import { AppError, invalidField, invalidFields } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import type { BookingFrame } from '../../bookings/index.ts';
import type { PaymentsService, Prepared } from '../../payments/index.ts';
import type { AddServicesRequestSchema } from '../ancillaries/ancillaries.schemas.ts';
import { servicesAmount } from '../ancillaries/ancillaries.ts';
import { assignSeats, freeSeats } from '../ancillaries/assign-seats.ts';
import type { SeatAssignmentsRepository } from '../ancillaries/seat-assignments-repository.ts';
import { planServices } from '../ancillaries/service-plan.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import { tripOfBooking } from './booking-services.ts';
import { transition } from './booking-states.ts';
import { fullView } from './booking-view.ts';
import type { TellFlightBooking } from './flight-booking-events.ts';
import { saleOf } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import type { Ticketing } from './ticketing.ts';

export type AddServicesRequest = Static<typeof AddServicesRequestSchema>;

/**
 * Seats and extra bags bought after the sale. In one transaction: the booking's services and total are
 * saved (only if nobody changed it since it was read), seats given up by passengers who move are freed
 * and the new ones taken (409 SEAT_UNAVAILABLE if someone holds one), and, when they cost something, the
 * booking's payment is replaced by one for its new total: by default with what paid it before.
 */
export function createFlightServicesSale(deps: {
  db: Kysely<Database>;
  bookings: FlightBookingsRepository;
  assignments: SeatAssignmentsRepository;
  networkCache: NetworkCache;
  clock: Clock;
  ids: IdGenerator;
  tell: TellFlightBooking;
  payments: PaymentsService;
  frame: BookingFrame<Prepared>;
  ticketing: Ticketing;
}) {
  const { db, bookings, clock, payments } = deps;
  return {
    async addServices(principal: Principal, input: AddServicesRequest) {
      const row = await bookings.findVisible(visibilityOf(principal), { id: input.booking_id });
      if (!row) throw new AppError('NOT_FOUND', 'No such booking');
      transition(row.status, 'add_services');
      if (!input.seats?.length && !input.bags?.length)
        throw invalidField('', 'name at least one seat or bag to add');
      const now = clock.now();
      const at = now.toISOString();
      const trip = await tripOfBooking(await deps.networkCache.current(), row, now);
      const plan = planServices(input, trip, {
        id: () => deps.ids.next('svc'),
        at,
        passengerField: 'passenger_id',
      });
      if (plan.errors.length > 0) throw invalidFields('The request', plan.errors);
      const amount = servicesAmount(plan.added);
      const expected = input.expected_amount;
      if (expected.currency !== row.currency)
        throw invalidField('/expected_amount/currency', `must be the booking's currency ${row.currency}`);
      if (expected.amount !== amount)
        throw new AppError(
          'PRICE_CHANGED',
          `These services cost ${amount} ${row.currency} (expected ${expected.amount})`,
          { total_amount: amount, total_currency: row.currency },
        );
      const replaced = new Set(plan.replaced.map((s) => s.id));
      const itinerary = {
        ...row.itinerary,
        services: [...trip.held.filter((s) => !replaced.has(s.id)), ...plan.added],
      };
      const before = saleOf(row.itinerary);
      const after = saleOf(itinerary);
      const purpose = {
        bookingId: row.id,
        product: 'flight',
        description: `Flight booking ${row.reference}: seats and bags`,
        agencyId: row.agency_id,
      };
      const prepared =
        amount === 0
          ? undefined
          : input.payment
            ? await payments.prepare(principal, input.payment, after)
            : await payments.prepareReplacement(row.id, after);
      if (amount > 0 && !prepared)
        throw invalidField('/payment', 'is required: the booking has no payment these can be added to');
      await deps.frame.change({
        prepared,
        run: async (trx) => {
          if (
            !(await bookings.updateAtVersion(
              trx,
              row.id,
              row.version,
              { itinerary, total_amount: after.total },
              at,
              { status: 'confirmed' },
            ))
          )
            throw new AppError(
              'CONFLICT',
              'The booking changed while adding services; read it and try again',
            );
          await freeSeats(trx, deps.assignments, row.id, plan.replaced);
          await assignSeats(trx, deps.assignments, row.id, plan.added, at);
          if (prepared) {
            const payment = await payments.replace(trx, prepared, before, after, purpose);
            await bookings.setPayment(trx, row.id, payment, at);
          }
          await deps.ticketing.refund(trx, row.id, { services: replaced }, at);
          await deps.ticketing.sellServices(trx, { ...row, itinerary }, plan.added, at);
          await deps.tell(trx, row.id, 'flight_booking.services_added', {
            type: 'services_added',
            data: {
              services: plan.added.map((s) => s.id),
              amount,
              currency: row.currency,
              seats_released: plan.replaced.map((s) => s.designator),
            },
            at,
          });
        },
      });
      const latest = (await bookings.findById(db, row.id))!;
      return fullView(latest, deps);
    },
  };
}

export type FlightServicesSale = ReturnType<typeof createFlightServicesSale>;
