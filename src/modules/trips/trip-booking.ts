import { AppError, invalidField } from '../../http/app-error.ts';
import type { Clock } from '../../ports/clock.ts';
import type { IdGenerator } from '../../ports/ids.ts';
import type { Principal } from '../auth/index.ts';
import { type BookingFrame, newBookingReference, type TripParts } from '../bookings/index.ts';
import type { BookFlightRequest } from '../flights/index.ts';
import type { BookHotelRequest } from '../hotels/index.ts';
import type { PaymentsService, Prepared } from '../payments/index.ts';
import { type PackagePayload, type PackageTokens, packageTotal } from './package-token.ts';
import type { TellTrip } from './trip-event-types.ts';
import { type TripRecord, tripPurpose } from './trip-record.ts';
import { ageOn, roomsOfPassengers, tripSale } from './trip-rules.ts';
import type { BookTripRequest } from './trips.schemas.ts';
import type { TripsRepository } from './trips-repository.ts';

/** Trip references are seven characters: never a flight's six nor a hotel's eight. */
export const TRIP_REFERENCE_LENGTH = 7;
export const TRIP_ID_PREFIX = 'trp';

/** A package id read: 400 when it is none of ours, 410 when it expired. */
function readPackage(packages: PackageTokens, id: string, now: Date): PackagePayload {
  const p = packages.read(id);
  if (!p) throw invalidField('/package_id', 'is not a package from /search_trips');
  if (p.expires * 1000 <= now.getTime())
    throw new AppError('OFFER_EXPIRED', 'The package expired; search again', {
      expired_at: new Date(p.expires * 1000).toISOString(),
    });
  return p;
}

/** The hotel's side of a trip's request: the rooms as searched, the passengers in them, the first adult holding. */
function stayRequest(input: BookTripRequest, p: PackagePayload): BookHotelRequest {
  const placed = roomsOfPassengers(
    p.rooms,
    input.passengers.map((x) => x.born_on),
    p.check_in,
  );
  if ('problem' in placed) throw invalidField('/passengers', placed.problem);
  const holder = input.passengers[placed.rooms[0]![0]!]!;
  return {
    rate_key: p.rate_key,
    holder: {
      given_name: holder.given_name,
      family_name: holder.family_name,
      email: input.contact.email,
      phone: input.contact.phone,
      ...(input.contact.language ? { language: input.contact.language } : {}),
    },
    rooms: placed.rooms.map((people) => ({
      guests: people.map((i) => {
        const x = input.passengers[i]!;
        const age = ageOn(x.born_on, p.check_in);
        return { given_name: x.given_name, family_name: x.family_name, ...(age < 18 ? { age } : {}) };
      }),
    })),
    ...(input.special_requests ? { special_requests: input.special_requests } : {}),
    expected_total: p.hotel,
  };
}

/**
 * Books a package: its flights and its stay, each checked and priced as its own product would (seats and
 * fares, rooms and rates, as they are now), then, in one transaction, the seats taken, the nights taken,
 * both bookings written, the one payment settled with its ledger sale and invoice, and the trip recorded;
 * or none of it. A room sold out or a fare changed since the search refuses the whole trip: no seat held,
 * no money moved (a card authorized before the transaction is voided).
 */
export function createTripBooking(deps: {
  packages: PackageTokens;
  flights: TripParts<BookFlightRequest>;
  hotels: TripParts<BookHotelRequest>;
  trips: TripsRepository;
  payments: PaymentsService;
  frame: BookingFrame<Prepared>;
  tell: TellTrip;
  ids: IdGenerator;
  clock: Clock;
}) {
  const { trips, ids, clock } = deps;

  return {
    async bookTrip(principal: Principal, input: BookTripRequest, idempotencyKey: string | null) {
      const made = idempotencyKey && (await trips.findByIdempotencyKey(principal.userId, idempotencyKey));
      if (made) return made;
      const now = clock.now();
      const p = readPackage(deps.packages, input.package_id, now);
      const total = packageTotal(p);
      if (input.expected_total.amount !== total.amount || input.expected_total.currency !== total.currency)
        throw invalidField(
          '/expected_total',
          `is not the package's total (${total.amount} ${total.currency}): send the total search_trips showed`,
        );
      const stay = stayRequest(input, p);
      const flight = await deps.flights.draft(principal, {
        offer_id: p.offer,
        type: 'instant',
        passengers: input.passengers,
        contact: input.contact,
        expected_total: p.flight,
      });
      const hotel = await deps.hotels.draft(principal, stay);
      const tripId = ids.ordered(TRIP_ID_PREFIX);
      // A card is authorized before the transaction (it calls out); the balance is debited inside it.
      const prepared = await deps.payments.prepare(principal, input.payment, {
        total: total.amount,
        tax: 0,
        currency: total.currency,
      });
      return deps.frame.create({
        prepared,
        existing: () =>
          idempotencyKey ? trips.findByIdempotencyKey(principal.userId, idempotencyKey) : undefined,
        referenceLength: TRIP_REFERENCE_LENGTH,
        run: async (trx, reference) => {
          const flown = await flight.place(trx, newBookingReference(flight.referenceLength));
          const stayed = await hotel.place(trx, newBookingReference(hotel.referenceLength));
          const sale = tripSale(flown.sale, stayed.sale, p.hotel_in_currency);
          const at = now.toISOString();
          const trip: TripRecord = {
            id: tripId,
            reference,
            user_id: principal.userId,
            agency_id: principal.agencyId,
            status: 'confirmed',
            currency: sale.currency,
            total_amount: sale.total,
            refund_amount: null,
            flight_booking_id: flown.id,
            hotel_booking_id: stayed.id,
            parts: {
              flight_amount: flown.sale.total,
              hotel_amount: p.hotel_in_currency,
              hotel_own: { amount: stayed.sale.total, currency: stayed.sale.currency },
              sale,
              flight_sale: flown.sale,
            },
            contact: input.contact,
            payment: null,
            idempotency_key: idempotencyKey,
            version: 1,
            created_at: at,
            updated_at: at,
            cancelled_at: null,
          };
          trip.payment = await deps.payments.settle(trx, prepared, sale, tripPurpose(trip), true);
          await trips.insert(trx, trip);
          await deps.tell(trx, 'trip.created', trip, at);
          return trip;
        },
        madeHere: (trip) => trip.id === tripId,
      });
    },
  };
}

export type TripBooking = ReturnType<typeof createTripBooking>;
