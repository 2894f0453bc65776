import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { invalidField, invalidFields } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import { localToInstant } from '../../../shared/calendar.ts';
import type { Principal } from '../../auth/index.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { RateTable } from '../../money/index.ts';
import type { PaymentsService, Prepared } from '../../payments/index.ts';
import type { TermsFor } from '../../pricing/index.ts';
import { servicesAmount } from '../ancillaries/ancillaries.ts';
import { assignSeats } from '../ancillaries/assign-seats.ts';
import type { SeatAssignmentsRepository } from '../ancillaries/seat-assignments-repository.ts';
import { planServices } from '../ancillaries/service-plan.ts';
import type { RetimeRow } from '../inventory/flight-changes-repository.ts';
import type { DatedFlight } from '../inventory/flight-network.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import { saleAt, seatsNeeded } from '../search/fare-rules.ts';
import type { OfferTokens } from '../search/offer-token.ts';
import { checkPassengers, FLIGHT_BOOKING_ID_PREFIX, holdDeadline } from './booking-rules.ts';
import type { BookFlightRequest } from './flight-booking.schemas.ts';
import { itineraryAsSold } from './flight-booking-as-sold.ts';
import type { TellFlightBooking } from './flight-booking-events.ts';
import { priceAtSale, saleOfOffer, takeSeats, tripForServices } from './flight-booking-placement.ts';
import { newBookingRecord, type StoredPassenger, saleOf } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';
import { flightsOf, isInternational, readOffer } from './flight-offer-now.ts';
import type { Ticketing } from './ticketing.ts';

/** What drafting a flight booking stands on. */
export interface FlightBookingDraftDeps {
  bookings: FlightBookingsRepository;
  seats: SeatInventoryRepository;
  seatAssignments: SeatAssignmentsRepository;
  networkCache: NetworkCache;
  offers: OfferTokens;
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
  /** Records a change in the booking's history and the event log, in the change's transaction. */
  tell: TellFlightBooking;
  payments: PaymentsService;
  /** The booking's e-tickets and EMDs, issued in its transactions. */
  ticketing: Ticketing;
  /** Pricing rules: the booking pays the selling price its buyer was offered. */
  pricing: TermsFor;
  /** The exchange rates in force: fares of a journey filed in several currencies are priced in one. */
  rates: () => RateTable;
  /**
   * Retimes as stored now, read in the booking's transaction, and the retime's telling of a flight's live
   * bookings: a booking made on times a retime has just replaced (this process's network not yet
   * refreshed) is told of the new ones like every booking before it.
   */
  retimed: {
    stored: (
      trx: Kysely<Database>,
      flights: ReadonlyArray<{ scheduleId: string; date: string }>,
    ) => Promise<RetimeRow[]>;
    tell: (
      trx: Kysely<Database>,
      flight: { id: string; date: string; departsAt: number; arrivesAt: number; number: string },
      now: string,
    ) => Promise<string[]>;
  };
}

/**
 * Flight bookings drafted: a request checked against its offer as it is now, and how to place it in a
 * transaction (seats, price at sale, payment settled when one was prepared, tickets, events). A booking of
 * its own runs it in the booking frame; a trip runs it beside a stay in the trip's transaction.
 */
export function createFlightBookingDraft(deps: FlightBookingDraftDeps) {
  const { bookings, seats, clock, ids, payments } = deps;

  /**
   * Tells the booking just inserted of every retime stored for its flights that its times (this process's
   * network) do not show yet; answers whether there was one. Its seats are taken, so a retime committing
   * after this read waits for the booking and tells it itself (`flight-retime-service.ts`).
   */
  async function tellRetimes(trx: Kysely<Database>, flights: readonly DatedFlight[], now: string) {
    const stored = await deps.retimed.stored(
      trx,
      flights.map((f) => ({ scheduleId: f.schedule.id, date: f.date })),
    );
    let told = false;
    for (const r of stored) {
      const f = flights.find((x) => x.schedule.id === r.schedule_id && x.date === r.departure_date);
      if (!f) continue;
      const departsAt = localToInstant(
        r.departure_date,
        r.departure_time,
        f.schedule.origin.time_zone,
      ).getTime();
      const arrivesAt = departsAt + r.duration_minutes * 60_000;
      if (departsAt === f.departsAt && arrivesAt === f.arrivesAt) continue;
      const number = `${f.schedule.carrier}${f.schedule.flightNumber}`;
      await deps.retimed.tell(
        trx,
        { id: r.schedule_id, date: r.departure_date, departsAt, arrivesAt, number },
        now,
      );
      told = true;
    }
    return told;
  }

  /**
   * Checks a booking request against the offer as it is now (passengers, services, hold or payment) and
   * answers how to place it: in one transaction, take the seats of every flight (or none), price them
   * from the seats sold before this sale, and refuse with PRICE_CHANGED if that differs from what the
   * client expects to pay. A sold-out flight is NO_AVAILABILITY; nothing is left half-done.
   */
  async function draft(principal: Principal, input: BookFlightRequest, paidByTrip: boolean) {
    const now = clock.now();
    const offer = readOffer(deps.offers, input.offer_id, input.expected_total, now);
    const network = await deps.networkCache.current();
    const slices = await flightsOf(network, offer, now);
    const flights = slices.flat().map((x) => x.flight);
    const firstDeparture = new Date(flights[0]!.departsAt);
    const errors = checkPassengers(input.passengers, offer.passengers, {
      firstDate: flights[0]!.date,
      lastDate: flights[flights.length - 1]!.date,
      international: isInternational(slices),
      today: now.toISOString().slice(0, 10),
    });
    if (errors.length > 0) throw invalidFields('The booking request', errors);
    const holdUntil = input.type === 'hold' ? holdDeadline(now, firstDeparture) : null;
    if (holdUntil && holdUntil.getTime() <= now.getTime())
      throw invalidField('/type', 'a hold is not possible within 3 hours of departure');

    const seatCount = seatsNeeded(offer.passengers);
    if (!holdUntil && !input.payment && !paidByTrip)
      throw invalidField('/payment', 'is required for an instant booking (or book a hold and pay it later)');
    const passengers: StoredPassenger[] = input.passengers.map((p) => ({ ...p, id: ids.next('pas') }));
    // Passengers have no id until now: the request names them by position.
    const idAt = (i: number) => passengers[i]?.id ?? `#${i}`;
    const services = planServices(
      {
        seats: input.seats?.map(({ passenger, ...s }) => ({ ...s, passenger_id: idAt(passenger) })),
        bags: input.bags?.map(({ passenger, ...b }) => ({ ...b, passenger_id: idAt(passenger) })),
      },
      tripForServices(network, slices, offer.cabin, passengers),
      { id: () => ids.next('svc'), at: now.toISOString(), passengerField: 'passenger' },
    );
    if (services.errors.length > 0) throw invalidFields('The booking request', services.errors);
    // Time-ordered, so bookings made in the same millisecond still list in the order they were made.
    const bookingId = ids.ordered(FLIGHT_BOOKING_ID_PREFIX);

    async function place(
      trx: Kysely<Database>,
      reference: string,
      prepared: Prepared | undefined,
      idempotencyKey: string | null,
    ) {
      const soldBefore = await takeSeats(trx, seats, flights, offer.cabin, seatCount);
      const selling = priceAtSale(
        slices,
        offer,
        soldBefore,
        seats.keyOf,
        input.expected_total,
        (c) => deps.pricing(saleOfOffer(slices), principal, c),
        saleAt(now, deps.rates()),
        servicesAmount(services.added),
      );
      await assignSeats(trx, deps.seatAssignments, bookingId, services.added, now.toISOString());
      const itinerary = itineraryAsSold(offer, slices, selling, deps.catalogue, services.added);
      const payment = prepared
        ? await payments.settle(
            trx,
            prepared,
            saleOf(itinerary),
            {
              bookingId,
              product: 'flight',
              description: `Flight booking ${reference}`,
              agencyId: principal.agencyId,
            },
            !holdUntil,
          )
        : null;
      const record = newBookingRecord({
        id: bookingId,
        reference,
        owner: principal,
        itinerary,
        passengers,
        contact: input.contact,
        firstDeparture,
        holdUntil,
        idempotencyKey,
        payment,
        now,
      });
      const segments = flights.map((flight, position) => ({
        booking_id: bookingId,
        position,
        schedule_id: flight.schedule.id,
        departure_date: flight.date,
        cabin: offer.cabin,
        seats: seatCount,
      }));
      if (record.tickets) record.tickets = await deps.ticketing.issue(trx, record, now.toISOString());
      await bookings.insert(trx, record, segments);
      await deps.tell(trx, bookingId, 'flight_booking.created', {
        type: record.status === 'held' ? 'held' : 'confirmed',
        data: {
          total_amount: record.total_amount,
          currency: record.currency,
          services: services.added.length,
        },
        at: now.toISOString(),
      });
      const told = await tellRetimes(trx, flights, now.toISOString());
      return told ? (await bookings.findById(trx, bookingId))! : record;
    }
    return { bookingId, place };
  }

  return draft;
}
