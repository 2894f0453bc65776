import type { Kysely } from 'kysely';
import type { KeysetPosition } from '../../../db/keyset.ts';
import type { Cabin, Database } from '../../../db/tables.ts';
import { AppError, invalidField, invalidFields } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import { foldedNames } from '../../../shared/names.ts';
import { withFreshReference } from '../../../shared/references.ts';
import { type Principal, visibilityOf } from '../../auth/index.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { DatedFlight, Fare } from '../inventory/flight-network.ts';
import type { NetworkCache } from '../inventory/network-cache.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import { priceItinerary, seatsNeeded } from '../search/fare-rules.ts';
import { combinePrices, conditionsOf, describeSlice } from '../search/offer-builder.ts';
import type { OfferPayload, OfferTokens } from '../search/offer-token.ts';
import {
  checkPassengers,
  FLIGHT_BOOKING_ID_PREFIX,
  FLIGHT_REFERENCE_LENGTH,
  holdDeadline,
  isNameCorrection,
  newTicketNumber,
  type PassengerInput,
} from './booking-rules.ts';
import { transition } from './booking-states.ts';
import { bookingView, etagOf } from './booking-view.ts';
import type { FlightBookingRecord, StoredItinerary, StoredPassenger } from './flight-booking-record.ts';
import type { FlightBookingsRepository } from './flight-bookings-repository.ts';

export interface PlaceBookingInput {
  offer_id: string;
  type?: 'instant' | 'hold' | undefined;
  passengers: PassengerInput[];
  contact: { email: string; phone: string };
  expected_total: { amount: number; currency: string };
}

export interface UpdateBookingInput {
  contact?: { email?: string | undefined; phone?: string | undefined } | undefined;
  passengers?:
    | Array<{ id: string; given_name?: string | undefined; family_name?: string | undefined }>
    | undefined;
}

const MIN_MINUTES_BEFORE_DEPARTURE = 60;

const notFound = () => new AppError('NOT_FOUND', 'No such booking');

/** Places, reads, confirms and edits flight bookings. Seats are taken in the booking's transaction. */
export function createFlightBookingService(deps: {
  db: Kysely<Database>;
  bookings: FlightBookingsRepository;
  seats: SeatInventoryRepository;
  networkCache: NetworkCache;
  offers: OfferTokens;
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
  /** Expires a hold whose deadline passed, so a read never shows a stale `held`. */
  expireHold: (id: string) => Promise<boolean>;
}) {
  const { db, bookings, seats, clock, ids } = deps;

  /** The offer's flights, as the network has them now, with the fares of its brand. */
  async function flightsOf(
    offer: OfferPayload,
    now: Date,
  ): Promise<Array<Array<{ flight: DatedFlight; fare: Fare }>>> {
    const network = await deps.networkCache.current();
    return offer.slices.map((slice) =>
      slice.map(([scheduleId, date]) => {
        const schedule = network.schedules.get(scheduleId);
        if (!schedule || !network.operates(schedule, date)) {
          throw new AppError('NO_AVAILABILITY', `A flight of this offer no longer operates on ${date}`);
        }
        const flight = network.datedFlight(schedule, date);
        if (flight.departsAt - now.getTime() < MIN_MINUTES_BEFORE_DEPARTURE * 60_000) {
          throw new AppError(
            'NO_AVAILABILITY',
            `${schedule.carrier}${schedule.flightNumber} departs too soon to book`,
          );
        }
        const fare = network.faresFor(schedule, offer.cabin).find((f) => f.brand === offer.brand);
        if (!fare)
          throw new AppError(
            'NO_AVAILABILITY',
            `The ${offer.brand} fare is no longer sold on ${schedule.carrier}${schedule.flightNumber}`,
          );
        return { flight, fare };
      }),
    );
  }

  function isInternational(slices: Array<Array<{ flight: DatedFlight }>>): boolean {
    const countries = new Set(
      slices
        .flat()
        .flatMap(({ flight }) => [
          flight.schedule.origin.country_code,
          flight.schedule.destination.country_code,
        ]),
    );
    return countries.size > 1;
  }

  async function loadVisible(
    principal: Principal,
    by: { id?: string | undefined; reference?: string | undefined },
  ): Promise<FlightBookingRecord> {
    const row = await bookings.findVisible(visibilityOf(principal), by);
    if (!row) throw notFound();
    const due =
      row.status === 'held' &&
      row.hold_expires_at !== null &&
      row.hold_expires_at <= clock.now().toISOString();
    if (due && (await deps.expireHold(row.id)))
      return (await bookings.findVisible(visibilityOf(principal), { id: row.id }))!;
    return row;
  }

  async function view(row: FlightBookingRecord) {
    return { booking: bookingView(row, await bookings.events(row.id)), etag: etagOf(row) };
  }

  return {
    /**
     * Books an offer. In one transaction: take the seats of every flight (or none), price them from
     * the seats sold before this sale, and refuse with PRICE_CHANGED if that differs from what the
     * client expects to pay. A sold-out flight is NO_AVAILABILITY; nothing is left half-done.
     */
    async placeBooking(principal: Principal, input: PlaceBookingInput) {
      const now = clock.now();
      const offer = deps.offers.read(input.offer_id);
      if (!offer) throw invalidField('/offer_id', 'is not an offer id from /search_flight');
      if (offer.expires * 1000 <= now.getTime())
        throw new AppError('OFFER_EXPIRED', 'The offer has expired; search again', {
          expired_at: new Date(offer.expires * 1000).toISOString(),
        });
      if (input.expected_total.currency !== offer.currency)
        throw invalidField('/expected_total/currency', `must be the offer's currency ${offer.currency}`);
      const slices = await flightsOf(offer, now);
      const all = slices.flat();
      const firstDeparture = new Date(all[0]!.flight.departsAt);
      const errors = checkPassengers(input.passengers, offer.passengers, {
        firstDate: all[0]!.flight.date,
        lastDate: all[all.length - 1]!.flight.date,
        international: isInternational(slices),
      });
      if (errors.length > 0) throw invalidFields('The booking request', errors);
      const hold = input.type === 'hold';
      const deadline = hold ? holdDeadline(now, firstDeparture) : null;
      if (deadline && deadline.getTime() <= now.getTime())
        throw invalidField('/type', 'a hold is not possible within 3 hours of departure');

      const seatCount = seatsNeeded(offer.passengers);
      const cabin = offer.cabin as Cabin;
      const passengers: StoredPassenger[] = input.passengers.map((p) => ({ ...p, id: ids.next('pas') }));
      // Time-ordered, so bookings made in the same millisecond still list in the order they were made.
      const bookingId = ids.ordered(FLIGHT_BOOKING_ID_PREFIX);

      const row = await withFreshReference(FLIGHT_REFERENCE_LENGTH, (reference) =>
        db.transaction().execute(async (trx) => {
          const soldBefore = new Map<string, number>();
          const order = [...all].sort((a, b) =>
            seats
              .keyOf({ scheduleId: a.flight.schedule.id, date: a.flight.date, cabin })
              .localeCompare(seats.keyOf({ scheduleId: b.flight.schedule.id, date: b.flight.date, cabin })),
          );
          for (const { flight } of order) {
            const key = { scheduleId: flight.schedule.id, date: flight.date, cabin };
            const before = await seats.take(trx, key, seatCount, flight.schedule.capacity[cabin]);
            if (before === null) {
              throw new AppError(
                'NO_AVAILABILITY',
                `Not enough ${cabin} seats left on ${flight.schedule.carrier}${flight.schedule.flightNumber} on ${flight.date}`,
              );
            }
            soldBefore.set(seats.keyOf(key), before);
          }
          const prices = slices.map((slice) =>
            priceItinerary(
              slice.map(({ flight, fare }) => ({
                fare,
                sold: soldBefore.get(
                  seats.keyOf({ scheduleId: flight.schedule.id, date: flight.date, cabin }),
                )!,
                capacity: flight.schedule.capacity[cabin],
              })),
              offer.passengers,
            ),
          );
          const price = prices.every((p) => p !== null) ? combinePrices(prices) : null;
          if (!price) throw new AppError('NO_AVAILABILITY', 'This offer can no longer be priced');
          if (
            price.total_amount !== input.expected_total.amount ||
            price.currency !== input.expected_total.currency
          ) {
            throw new AppError(
              'PRICE_CHANGED',
              `The total is now ${price.total_amount} ${price.currency} (expected ${input.expected_total.amount})`,
              {
                total_amount: price.total_amount,
                total_currency: price.currency,
              },
            );
          }
          const fares = all.map((x) => x.fare);
          const itinerary: StoredItinerary = {
            cabin,
            brand: offer.brand,
            slices: slices.map((slice) =>
              describeSlice(
                slice.map((x) => x.flight),
                deps.catalogue,
              ),
            ),
            price,
            conditions: conditionsOf(fares, price.currency),
            baggage: {
              checked: Math.min(...fares.map((f) => f.checkedBags)),
              cabin: Math.min(...fares.map((f) => f.cabinBags)),
            },
            refund_terms: {
              refundable: fares.every((f) => f.refund.allowed),
              penalty_per_passenger: fares.reduce((n, f) => n + f.refund.penalty, 0),
            },
          };
          const carrier = all[0]!.flight.schedule.carrier;
          const row: FlightBookingRecord = {
            id: bookingId,
            reference,
            user_id: principal.userId,
            agency_id: principal.agencyId,
            status: hold ? 'held' : 'confirmed',
            currency: price.currency,
            total_amount: price.total_amount,
            hold_expires_at: deadline?.toISOString() ?? null,
            first_departure_at: firstDeparture.toISOString(),
            itinerary,
            passengers,
            names: foldedNames(passengers),
            contact: input.contact,
            tickets: hold
              ? null
              : Object.fromEntries(passengers.map((p) => [p.id, newTicketNumber(carrier)])),
            refund_amount: null,
            version: 1,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          };
          await bookings.insert(
            trx,
            row,
            all.map(({ flight }, position) => ({
              booking_id: bookingId,
              position,
              schedule_id: flight.schedule.id,
              departure_date: flight.date,
              cabin,
              seats: seatCount,
            })),
          );
          await bookings.addEvent(trx, ids.ordered('evt'), bookingId, {
            type: hold ? 'held' : 'confirmed',
            data: { total_amount: price.total_amount, currency: price.currency },
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

    async listBookings(
      principal: Principal,
      filter: { status?: string | undefined },
      after: KeysetPosition | undefined,
      limit: number,
    ) {
      const page = await bookings.list(visibilityOf(principal), filter, after, limit);
      return {
        rows: page.rows,
        data: page.rows.map((r) => bookingView(r, [])),
        more: page.more,
        total: page.total,
      };
    },

    /** Pays a hold: tickets are issued, one per passenger. */
    async confirmBooking(principal: Principal, id: string) {
      const row = await loadVisible(principal, { id });
      transition(row.status, 'confirm');
      const now = clock.now();
      if (row.hold_expires_at && row.hold_expires_at <= now.toISOString()) {
        throw new AppError('INVALID_STATE_TRANSITION', 'The hold has expired', {
          booking_status: 'expired',
          allowed_actions: [],
        });
      }
      const carrier = row.itinerary.slices[0]!.segments[0]!.carrier;
      const passengers = row.passengers;
      const tickets = Object.fromEntries(passengers.map((p) => [p.id, newTicketNumber(carrier)]));
      const changed = await db.transaction().execute(async (trx) => {
        const ok = await bookings.changeStatus(
          trx,
          id,
          'held',
          'confirmed',
          { tickets, hold_expires_at: null },
          now.toISOString(),
        );
        if (ok)
          await bookings.addEvent(trx, ids.ordered('evt'), id, {
            type: 'confirmed',
            data: { tickets: passengers.length },
            at: now.toISOString(),
          });
        return ok;
      });
      const latest = await loadVisible(principal, { id });
      if (!changed) transition(latest.status, 'confirm');
      return view(latest);
    },

    /**
     * Edits contact details and corrects passenger names, if the client's `If-Match` is the booking's
     * current ETag (RFC 9110 §13.1.1); a correction may change at most three letters of a name.
     */
    async updateBooking(
      principal: Principal,
      id: string,
      ifMatch: string | undefined,
      input: UpdateBookingInput,
    ) {
      if (!ifMatch)
        throw new AppError('PRECONDITION_REQUIRED', 'Send If-Match with the ETag from GET /booking');
      const row = await loadVisible(principal, { id });
      transition(row.status, 'update');
      if (ifMatch !== etagOf(row))
        throw new AppError('PRECONDITION_FAILED', 'The booking changed since you read it', {
          etag: etagOf(row),
        });
      const passengers = row.passengers.map((p) => ({ ...p }));
      const changes: Record<string, unknown> = {};
      (input.passengers ?? []).forEach((edit, i) => {
        const p = passengers.find((x) => x.id === edit.id);
        if (!p) throw invalidField(`/passengers/${i}/id`, 'is not a passenger of this booking');
        const before = `${p.given_name} ${p.family_name}`;
        const after = `${edit.given_name ?? p.given_name} ${edit.family_name ?? p.family_name}`;
        if (!isNameCorrection(before, after))
          throw invalidField(
            `/passengers/${i}`,
            'a name correction may change at most 3 letters; cancel and rebook to change the traveller',
          );
        p.given_name = edit.given_name ?? p.given_name;
        p.family_name = edit.family_name ?? p.family_name;
        changes[p.id] = after;
      });
      const contact = {
        ...row.contact,
        ...Object.fromEntries(Object.entries(input.contact ?? {}).filter(([, v]) => v !== undefined)),
      };
      const now = clock.now().toISOString();
      const saved = await db.transaction().execute(async (trx) => {
        const ok = await bookings.updateDetails(
          trx,
          id,
          row.version,
          {
            passengers,
            names: foldedNames(passengers),
            contact,
          },
          now,
        );
        if (ok)
          await bookings.addEvent(trx, ids.ordered('evt'), id, {
            type: 'updated',
            data: { contact: input.contact !== undefined, names: changes },
            at: now,
          });
        return ok;
      });
      if (!saved) throw new AppError('PRECONDITION_FAILED', 'The booking changed since you read it');
      return view(await loadVisible(principal, { id }));
    },
  };
}

export type FlightBookingService = ReturnType<typeof createFlightBookingService>;
