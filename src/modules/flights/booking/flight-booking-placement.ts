import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError } from '../../../http/app-error.ts';
import type { PriceTerms } from '../../pricing/index.ts';
import type { ServiceTerms } from '../ancillaries/ancillaries.ts';
import type { TripForServices } from '../ancillaries/service-plan.ts';
import { extraBagsOfSlice } from '../inventory/bag-rules.ts';
import type { DatedFlight, FlightNetwork } from '../inventory/flight-network.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import {
  atPercent,
  inOneCurrency,
  type PriceBreakdown,
  priceItinerary,
  roundTripPercent,
  type SaleContext,
} from '../search/fare-rules.ts';
import { combinePrices } from '../search/offer-builder.ts';
import type { OfferPayload } from '../search/offer-token.ts';
import { flightSale, type Selling, sellingBySlice, sellingPrice } from '../search/selling-price.ts';
import type { OfferFlights } from './flight-offer-now.ts';

/*
 * Placing a flight booking, step by step, once its offer is read and its flights found as the network has
 * them now (flight-offer-now.ts): the trip as services see it → take the seats (inside the booking's
 * transaction) → price from the seats sold before this sale → the itinerary as sold
 * (flight-booking-as-sold.ts) and the record (flight-booking-record.ts). Each step is a named function;
 * the service strings them together.
 */

type Money = { amount: number; currency: string };

/**
 * Takes `count` seats on every flight, in key order (so concurrent bookings never deadlock), or throws
 * NO_AVAILABILITY and the transaction rolls back. Returns the seats each flight had sold before.
 */
export async function takeSeats(
  trx: Kysely<Database>,
  seats: SeatInventoryRepository,
  flights: readonly DatedFlight[],
  cabin: Cabin,
  count: number,
): Promise<Map<string, number>> {
  const soldBefore = new Map<string, number>();
  const keyed = flights.map((flight) => ({
    flight,
    key: { scheduleId: flight.schedule.id, date: flight.date, cabin },
  }));
  keyed.sort((a, b) => seats.keyOf(a.key).localeCompare(seats.keyOf(b.key)));
  for (const { flight, key } of keyed) {
    const before = await seats.take(trx, key, count);
    if (before === null) {
      throw new AppError(
        'NO_AVAILABILITY',
        `Not enough ${cabin} seats left on ${flight.schedule.carrier}${flight.schedule.flightNumber} on ${flight.date}`,
      );
    }
    soldBefore.set(seats.keyOf(key), before);
  }
  return soldBefore;
}

/** The offer's flights as services see them: each flight's seat layout, and the fares' service terms. */
export function tripForServices(
  network: FlightNetwork,
  slices: OfferFlights,
  cabin: Cabin,
  passengers: TripForServices['passengers'],
): TripForServices {
  return {
    passengers,
    flights: slices.map((slice) =>
      slice.map(({ flight }) => ({
        flightId: flight.schedule.id,
        date: flight.date,
        layout: network.seatLayout(flight.schedule, cabin),
      })),
    ),
    terms: serviceTermsOf(slices),
    held: [],
  };
}

/** What a pricing rule is matched against for the offer's flights. */
export const saleOfOffer = (slices: OfferFlights) => flightSale(slices.map((s) => s.map((x) => x.flight)));

/**
 * The selling price of the offer (the net from the seats each flight had sold before this sale, with the
 * buyer's pricing terms); PRICE_CHANGED (with the new total) when it and the `services` bought with it
 * are not what the client expects to pay.
 */
export function priceAtSale(
  slices: OfferFlights,
  offer: OfferPayload,
  soldBefore: ReadonlyMap<string, number>,
  keyOf: SeatInventoryRepository['keyOf'],
  expected: Money,
  termsIn: (currency: string) => PriceTerms,
  sale: SaleContext,
  services = 0,
): SaleSelling {
  const selling = priceOffer(slices, offer, soldBefore, keyOf, termsIn, sale);
  if (!selling) throw new AppError('NO_AVAILABILITY', 'This offer can no longer be priced');
  const { price } = selling;
  const total = price.total_amount + services;
  if (total !== expected.amount || price.currency !== expected.currency) {
    throw new AppError(
      'PRICE_CHANGED',
      `The total is now ${total} ${price.currency} (expected ${expected.amount})`,
      { total_amount: total, total_currency: price.currency },
    );
  }
  return selling;
}

/** A sale's selling price, and each slice's share of it. */
export type SaleSelling = Selling & { slices: PriceBreakdown[] };

/**
 * The selling price of an offer's flights for the loads given (seats each flight had sold before), with
 * the buyer's pricing terms, and each slice's share, in the first fare's currency or `currency`; null
 * when a flight cannot be priced (full, or a currency without a rate).
 */
export function priceOffer(
  slices: OfferFlights,
  offer: Pick<OfferPayload, 'cabin' | 'passengers'>,
  soldBefore: ReadonlyMap<string, number>,
  keyOf: SeatInventoryRepository['keyOf'],
  termsIn: (currency: string) => PriceTerms,
  sale: SaleContext,
  currency?: string,
): SaleSelling | null {
  const cabin = offer.cabin;
  const priced = slices.map((slice) =>
    priceItinerary(
      slice.map(({ flight, fare }) => ({
        fare,
        sold: soldBefore.get(keyOf({ scheduleId: flight.schedule.id, date: flight.date, cabin }))!,
        capacity: flight.schedule.capacity[cabin],
        date: flight.date,
      })),
      offer.passengers,
      sale,
    ),
  );
  if (!priced.every((p) => p !== null)) return null;
  const converted = inOneCurrency(priced, sale.rates, currency);
  const fared = slices.map((s) => ({ itinerary: s.map((x) => x.flight), fares: s.map((x) => x.fare) }));
  const prices = converted && atPercent(converted, roundTripPercent(fared));
  const net = prices && combinePrices(prices);
  if (!prices || !net) return null;
  const selling = sellingPrice(net, termsIn(net.currency));
  return { ...selling, slices: sellingBySlice(prices, selling.price) };
}

/** What the offer's fares charge for seats (per flight) and extra bags (per slice). */
export function serviceTermsOf(slices: OfferFlights): ServiceTerms {
  return {
    seat_fees: slices.map((slice) => slice.map((x) => x.fare.seatFees)),
    extra_bags: slices.map((slice) => extraBagsOfSlice(slice.map((x) => x.fare.extraBags))),
  };
}
