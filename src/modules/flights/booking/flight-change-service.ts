import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import { createSignedTokens } from '../../../http/signed-token.ts';
import type { Clock } from '../../../ports/clock.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import type { BookingFrame } from '../../bookings/index.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { RateTable } from '../../money/index.ts';
import type { PaymentsService, Prepared } from '../../payments/index.ts';
import type { TermsFor } from '../../pricing/index.ts';
import type { SeatAssignmentsRepository } from '../ancillaries/seat-assignments-repository.ts';
import { partnersOf } from '../inventory/carrier-partners.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import { saleAt, seatsNeeded } from '../search/fare-rules.ts';
import type { FlightSearchService } from '../search/flight-search-service.ts';
import type { OfferTokens } from '../search/offer-token.ts';
import { MIN_MINUTES_BEFORE_DEPARTURE } from '../search/sale-rules.ts';
import { transition } from './booking-states.ts';
import { fullView } from './booking-view.ts';
import { rankAlternatives } from './change-alternatives.ts';
import { mixOf } from './change-rules.ts';
import type { TellFlightBooking } from './flight-booking-events.ts';
import { flightsOf, type OfferFlights, saleOfOffer, takeSeats } from './flight-booking-placement.ts';
import { type FlightBookingRecord, saleOf, validatingCarrierOf } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import type { ChangeBookingRequest, SearchChangesRequest } from './flight-change.schemas.ts';
import { quoteChange } from './flight-change-quote.ts';
import type { Ticketing } from './ticketing.ts';

export const CHANGE_OFFER_TTL_SECONDS = 15 * 60;

/** A change after the airline cancelled or retimed a flight is theirs to pay for. */
const isInvoluntary = (row: FlightBookingRecord) =>
  row.status === 'disrupted' || row.status === 'schedule_changed';
/** Alternatives kept per slice, and change offers at most per search. */
const PER_SLICE = 8;
const MAX_OFFERS = 20;

type FlightIds = Array<Array<[string, string]>>;
interface ChangeToken {
  booking_id: string;
  version: number;
  slices: FlightIds;
  changed: number[];
  total: number;
  expires: number;
}

/**
 * Changes of flights on a booking: a search for change offers (other dates or flights for some slices,
 * each priced as a whole new ticket with the fare's penalty, or free after the airline's change), and
 * the change itself, atomic: the booking is claimed at the version quoted, places on the flights given up
 * are released and the new ones taken, seats chosen on old flights freed, the payment replaced for the
 * new total, all in one transaction or not at all. The booking keeps its id and reference.
 */
export function createFlightChangeService(deps: {
  db: Kysely<Database>;
  bookings: FlightBookingsRepository;
  seats: SeatInventoryRepository;
  assignments: SeatAssignmentsRepository;
  networkCache: NetworkCache;
  search: FlightSearchService;
  offers: OfferTokens;
  catalogue: Catalogue;
  pricing: TermsFor;
  /** The exchange rates in force: fares of a journey filed in several currencies are priced in one. */
  rates: () => RateTable;
  clock: Clock;
  tell: TellFlightBooking;
  payments: PaymentsService;
  frame: BookingFrame<Prepared>;
  /** Reissues the tickets of a changed booking. */
  ticketing: Ticketing;
  tokenKey: string;
}) {
  const { db, bookings, seats, clock, payments } = deps;
  const tokens = createSignedTokens<ChangeToken>(deps.tokenKey, 'chg');

  async function visible(principal: Principal, id: string) {
    const row = await bookings.findVisible(visibilityOf(principal), { id });
    if (!row) throw new AppError('NOT_FOUND', 'No such booking');
    return row;
  }

  const flightIdsOf = (row: FlightBookingRecord): FlightIds =>
    row.itinerary.slices.map((s) =>
      s.segments.map((g) => [g.flight_id, g.departure_date] as [string, string]),
    );

  /**
   * Seats sold on each flight before this booking: on its own flights its places do not count, so the
   * flights it keeps are priced as if bought now.
   */
  async function loadsFor(row: FlightBookingRecord, flights: OfferFlights) {
    const cabin = row.itinerary.cabin as Cabin;
    const own = new Set(
      flightIdsOf(row)
        .flat()
        .map(([id, date]) => seats.keyOf({ scheduleId: id, date, cabin })),
    );
    const count = seatsNeeded(mixOf(row.passengers, row.itinerary.slices[0]!.departure_date));
    const keys = flights
      .flat()
      .map(({ flight }) => ({ scheduleId: flight.schedule.id, date: flight.date, cabin }));
    const found = await seats.soldFor(keys);
    // A flight nothing was sold on has no row: zero.
    const sold = new Map(keys.map((k) => [seats.keyOf(k), found.get(seats.keyOf(k)) ?? 0]));
    for (const key of own) if (sold.has(key)) sold.set(key, Math.max(0, sold.get(key)! - count));
    return sold;
  }

  function quoteFor(
    row: FlightBookingRecord,
    flights: OfferFlights,
    changed: Set<number>,
    sold: ReadonlyMap<string, number>,
  ) {
    return quoteChange({
      row,
      flights,
      changed,
      soldBefore: sold,
      keyOf: seats.keyOf,
      termsIn: (c) => deps.pricing(saleOfOffer(flights), { agencyId: row.agency_id }, c),
      sale: saleAt(deps.clock.now(), deps.rates()),
      catalogue: deps.catalogue,
      involuntary: isInvoluntary(row),
    });
  }

  /** The booking's flights with some slices replaced, as the network has them now. */
  async function flightsFor(row: FlightBookingRecord, slices: FlightIds, now: Date) {
    const network = await deps.networkCache.current();
    return flightsOf(
      network,
      {
        cabin: row.itinerary.cabin as Cabin,
        brand: row.itinerary.brand,
        passengers: mixOf(row.passengers, row.itinerary.slices[0]!.departure_date),
        slices,
        total: 0,
        currency: row.currency,
        expires: 0,
      },
      now,
    );
  }

  /** Whether a change is possible at all: the state, the fare, and slices not yet flown. */
  function checkChange(row: FlightBookingRecord, changed: readonly number[], now: Date) {
    transition(row.status, 'change');
    if (!isInvoluntary(row) && !row.itinerary.conditions.change.allowed)
      throw new AppError(
        'CHANGE_NOT_ALLOWED',
        'The fare does not allow changes: cancel it (as its refund terms allow) and book again',
      );
    changed.forEach((index, i) => {
      const slice = row.itinerary.slices[index];
      if (!slice) throw invalidField(`/slices/${i}/slice`, 'is not a slice of the booking');
      const first = slice.segments[0]!;
      if (Date.parse(first.departing_at) - now.getTime() < MIN_MINUTES_BEFORE_DEPARTURE * 60_000)
        throw invalidField(`/slices/${i}/slice`, 'has departed or is about to: it can no longer change');
    });
  }

  return {
    /**
     * Change offers for new dates of some slices, in the order of their alternatives: the validating
     * carrier's own flights first, nearest the time booked, then its partners'.
     */
    async searchChanges(principal: Principal & { role: string }, input: SearchChangesRequest) {
      const row = await visible(principal, input.booking_id);
      const now = clock.now();
      const changed = input.slices.map((s) => s.slice);
      if (new Set(changed).size !== changed.length)
        throw invalidField('/slices', 'names a slice more than once');
      checkChange(row, changed, now);
      const cabin = row.itinerary.cabin as Cabin;
      const mix = mixOf(row.passengers, row.itinerary.slices[0]!.departure_date);
      // Alternatives for each slice: the same route and brand on the new date, on the booking's carrier or
      // its partners (asked for by name, the search's airline filter taking twenty at a time, so that other
      // airlines' cheaper offers never crowd them out), any airline only for the airline's own changes.
      // The validating carrier: the one whose tickets the booking holds, through every change.
      const carrier = validatingCarrierOf(row.itinerary);
      const partners = partnersOf(carrier);
      const involuntary = isInvoluntary(row);
      const alternatives = new Map<number, FlightIds[number][]>();
      for (const s of input.slices) {
        const old = row.itinerary.slices[s.slice]!;
        const ask = (include?: string[]) =>
          deps.search.searchFlights(
            {
              slices: [
                { origin: old.origin, destination: old.destination, departure_date: s.departure_date },
              ],
              passengers: { adults: mix.adults, children: mix.children, infants: mix.infants },
              cabin,
              max_connections: input.max_connections ?? 1,
              limit: 50,
              ...(include ? { airlines: { include } } : {}),
            },
            { agencyId: row.agency_id, role: principal.role },
          );
        // The search's airline filter takes twenty: the carrier itself in every group, so that its flights
        // joined with any partner's are found.
        const groups = Array.from({ length: Math.max(1, Math.ceil(partners.length / 19)) }, (_, k) => [
          carrier,
          ...partners.slice(k * 19, k * 19 + 19),
        ]);
        const ofBrand = (answers: Awaited<ReturnType<typeof ask>>[]) =>
          answers.flatMap((a) => a.data).filter((o) => o.brand === row.itinerary.brand);
        let offered = ofBrand(await Promise.all(groups.map((g) => ask(g))));
        // Another airline only for the airline's own change, and only when nothing of its own or its
        // partners' is left: asked for then, not on every change.
        if (offered.length === 0 && involuntary) offered = ofBrand([await ask()]);
        const seen = new Set<string>();
        const found = offered
          .map((o) => ({ offer: o, option: deps.offers.read(o.id)!.slices[0]! }))
          .filter(({ option }) => {
            const key = JSON.stringify(option);
            return !seen.has(key) && seen.add(key);
          });
        const options = rankAlternatives(
          found.map(({ offer, option }) => ({
            option,
            carriers: offer.slices[0]!.segments.map((g) => g.carrier),
            departs: offer.slices[0]!.segments[0]!.departing_at.slice(11, 16),
            price: offer.total_amount,
          })),
          {
            carrier,
            partners,
            departs: old.segments[0]!.departing_at.slice(11, 16),
            involuntary,
          },
        ).slice(0, PER_SLICE);
        alternatives.set(s.slice, options);
      }
      // Every combination of the alternatives, the other slices as booked.
      let combos: FlightIds[] = [flightIdsOf(row)];
      for (const [index, options] of alternatives)
        combos = combos.flatMap((c) => options.map((o) => c.map((s, k) => (k === index ? o : s))));
      const current = JSON.stringify(flightIdsOf(row));
      const offers = [];
      for (const slices of combos.slice(0, MAX_OFFERS * 2)) {
        if (JSON.stringify(slices) === current) continue;
        let flights: OfferFlights;
        try {
          flights = await flightsFor(row, slices, now);
        } catch {
          continue; // a kept flight that no longer operates: this booking must change that slice too
        }
        const quote = quoteFor(row, flights, new Set(changed), await loadsFor(row, flights));
        if (!quote) continue;
        const expires = Math.floor(now.getTime() / 1000) + CHANGE_OFFER_TTL_SECONDS;
        offers.push({
          id: tokens.issue({
            booking_id: row.id,
            version: row.version,
            slices,
            changed,
            total: quote.after,
            expires,
          }),
          booking_id: row.id,
          expires_at: new Date(expires * 1000).toISOString(),
          involuntary: isInvoluntary(row),
          changed_slices: changed,
          slices: quote.itinerary.slices,
          fare_difference_amount: quote.change.fare_difference,
          penalty_amount: quote.change.penalty,
          forfeited_services_amount: quote.change.forfeited_services,
          residual_refund_amount: quote.change.residual_refund,
          change_total_amount: quote.after - quote.before,
          new_total_amount: quote.after,
          currency: row.currency,
        });
      }
      return { booking_id: row.id, data: offers.slice(0, MAX_OFFERS) };
    },

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
