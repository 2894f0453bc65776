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
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import { saleAt, seatsNeeded } from '../search/fare-rules.ts';
import type { FlightSearchService } from '../search/flight-search-service.ts';
import type { OfferTokens } from '../search/offer-token.ts';
import { MIN_MINUTES_BEFORE_DEPARTURE } from '../search/sale-rules.ts';
import { transition } from './booking-states.ts';
import { mixOf } from './change-rules.ts';
import type { TellFlightBooking } from './flight-booking-events.ts';
import { saleOfOffer } from './flight-booking-placement.ts';
import type { FlightBookingRecord } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import { quoteChange } from './flight-change-quote.ts';
import { flightsOf, type OfferFlights } from './flight-offer-now.ts';
import type { Ticketing } from './ticketing.ts';

export const CHANGE_OFFER_TTL_SECONDS = 15 * 60;

/** A change after the airline cancelled or retimed a flight is theirs to pay for. */
export const isInvoluntary = (row: FlightBookingRecord) =>
  row.status === 'disrupted' || row.status === 'schedule_changed';

/** The flights of each slice, as ids and dates. */
export type FlightIds = Array<Array<[string, string]>>;
/** What a change offer's id carries: the booking at the version quoted, the new flights and the total. */
export interface ChangeToken {
  booking_id: string;
  version: number;
  slices: FlightIds;
  changed: number[];
  total: number;
  expires: number;
}

/** What changing a booking's flights stands on. */
export interface FlightChangeDeps {
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
}

/**
 * What a change search and a change share: the booking as its caller may see it, the loads and quote of
 * a booking on other flights, the flights themselves as the network has them now, whether a change is
 * possible at all, and the change offers' ids.
 */
export function createChangeContext(deps: FlightChangeDeps) {
  const { bookings, seats } = deps;
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

  return { tokens, visible, flightIdsOf, loadsFor, quoteFor, flightsFor, checkChange };
}

export type ChangeContext = ReturnType<typeof createChangeContext>;
