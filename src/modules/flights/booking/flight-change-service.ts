import { AppError, invalidField } from '../../../http/app-error.ts';
import type { Principal } from '../../auth/index.ts';
import type { Cabin } from '../inventory/network-file.ts';
import { seatsNeeded } from '../search/fare-rules.ts';
import { fullView } from './booking-view.ts';
import { mixOf } from './change-rules.ts';
import { takeSeats } from './flight-booking-placement.ts';
import { saleOf } from './flight-booking-record.ts';
import type { ChangeBookingRequest } from './flight-change.schemas.ts';
import { createChangeContext, type FlightChangeDeps, isInvoluntary } from './flight-change-context.ts';
import { createChangeSearch } from './flight-change-search.ts';

/**
 * Changes of flights on a booking: a search for change offers (other dates or flights for some slices,
 * each priced as a whole new ticket with the fare's penalty, or free after the airline's change), and
 * the change itself, atomic: the booking is claimed at the version quoted, places on the flights given up
 * are released and the new ones taken, seats chosen on old flights freed, the payment replaced for the
 * new total, all in one transaction or not at all. The booking keeps its id and reference.
 */
export function createFlightChangeService(deps: FlightChangeDeps) {
  const { db, bookings, seats, clock, payments } = deps;
  const context = createChangeContext(deps);
  const { tokens, visible, flightIdsOf, loadsFor, quoteFor, flightsFor, checkChange } = context;

  return {
    searchChanges: createChangeSearch(deps, context),

    /** Takes a change offer: the booking on its new flights, paid or refunded the difference. */
    async changeBooking(principal: Principal, input: ChangeBookingRequest) {
      const token = tokens.read(input.change_offer_id);
      if (!token) throw invalidField('/change_offer_id', 'is not a change offer from /search_changes');
      const now = clock.now();
      if (token.expires * 1000 <= now.getTime())
        throw new AppError('OFFER_EXPIRED', 'The change offer has expired; search again', {
          expired_at: new Date(token.expires * 1000).toISOString(),
        });
      const row = await visible(principal, token.booking_id);
      if (row.version !== token.version)
        throw new AppError('QUOTE_EXPIRED', 'The booking changed since this offer; search changes again');
      checkChange(row, token.changed, now);
      const expected = input.expected_total;
      if (expected.currency !== row.currency)
        throw invalidField('/expected_total/currency', `must be the booking's currency ${row.currency}`);
      const flights = await flightsFor(row, token.slices, now);
      const loads = await loadsFor(row, flights);
      const cabin = row.itinerary.cabin as Cabin;
      const count = seatsNeeded(mixOf(row.passengers, row.itinerary.slices[0]!.departure_date));
      const oldIds = flightIdsOf(row);
      const changed = new Set(token.changed);
      const before = row.total_amount;
      const purpose = {
        bookingId: row.id,
        product: 'flight',
        description: `Flight booking ${row.reference} changed`,
        agencyId: row.agency_id,
      };
      const due = { total: expected.amount, tax: 0, currency: row.currency };
      const prepared =
        expected.amount === before
          ? undefined
          : input.payment
            ? await payments.prepare(principal, input.payment, due)
            : await payments.prepareReplacement(row.id, due);
      if (expected.amount !== before && !prepared) {
        // Its payment may have been given back by a cancellation that just happened.
        if ((await bookings.findById(db, row.id))?.version !== row.version)
          throw new AppError('QUOTE_EXPIRED', 'The booking changed since this offer; search changes again');
        throw invalidField('/payment', 'is required: the booking has no payment to change');
      }
      const at = now.toISOString();
      await deps.frame.change({
        prepared,
        run: async (trx) => {
          if (
            !(await bookings.claim(
              trx,
              row.id,
              row.version,
              ['confirmed', 'disrupted', 'schedule_changed'],
              at,
            ))
          )
            throw new AppError('QUOTE_EXPIRED', 'The booking changed since this offer; search changes again');
          // The flights given up: their places back, and the seats chosen on them.
          const givenUp = [...changed].flatMap((i) => oldIds[i]!);
          for (const [scheduleId, date] of givenUp)
            await seats.release(trx, { scheduleId, date, cabin }, count);
          await deps.assignments.release(
            trx,
            row.id,
            givenUp.flatMap(([scheduleId, date]) =>
              row.passengers.map((p) => ({ scheduleId, date, passengerId: p.id })),
            ),
          );
          const taken = [...changed].flatMap((i) => flights[i]!.map((x) => x.flight));
          const soldBefore = await takeSeats(trx, seats, taken, cabin, count);
          const quote = quoteFor(row, flights, changed, new Map([...loads, ...soldBefore]));
          if (!quote) throw new AppError('NO_AVAILABILITY', 'The new flights can no longer be priced');
          if (quote.after !== expected.amount)
            throw new AppError(
              'PRICE_CHANGED',
              `The new total is ${quote.after} ${row.currency} (expected ${expected.amount})`,
              { total_amount: quote.after, total_currency: row.currency },
            );
          const all = flights.flat().map((x) => x.flight);
          await bookings.applyChange(
            trx,
            row.id,
            {
              itinerary: quote.itinerary,
              total_amount: quote.after,
              first_departure_at: new Date(all[0]!.departsAt).toISOString(),
              status: 'confirmed',
            },
            all.map((flight, position) => ({
              booking_id: row.id,
              position,
              schedule_id: flight.schedule.id,
              departure_date: flight.date,
              cabin,
              seats: count,
            })),
          );
          if (prepared) {
            const payment = await payments.replace(
              trx,
              prepared,
              saleOf(row.itinerary),
              saleOf(quote.itinerary),
              purpose,
            );
            await bookings.setPayment(trx, row.id, payment, at);
          }
          const after = { ...row, itinerary: quote.itinerary, total_amount: quote.after };
          const reissued = await deps.ticketing.reissue(
            trx,
            row,
            after,
            {
              penaltyPerPassenger: isInvoluntary(row)
                ? 0
                : (row.itinerary.conditions.change.penalty_amount ?? 0),
              refundable: row.itinerary.refund_terms.refundable,
            },
            at,
          );
          await bookings.setTickets(trx, row.id, reissued);
          await deps.tell(trx, row.id, 'flight_booking.changed', {
            type: 'changed',
            data: {
              changed_slices: token.changed,
              involuntary: isInvoluntary(row),
              fare_difference: quote.change.fare_difference,
              penalty: quote.change.penalty,
              change_total: quote.after - quote.before,
              currency: row.currency,
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

export type FlightChangeService = ReturnType<typeof createFlightChangeService>;
