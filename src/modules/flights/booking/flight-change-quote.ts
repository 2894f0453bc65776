import type { Catalogue } from '../../catalog/index.ts';
import type { PriceTerms } from '../../pricing/index.ts';
import { servicesAmount } from '../ancillaries/ancillaries.ts';
import type { Cabin } from '../inventory/network-file.ts';
import type { SeatInventoryRepository } from '../inventory/seat-inventory-repository.ts';
import type { SaleContext } from '../search/fare-rules.ts';
import { type ChangePrice, mixOf, priceChange } from './change-rules.ts';
import { itineraryAsSold } from './flight-booking-as-sold.ts';
import { priceOffer } from './flight-booking-placement.ts';
import {
  type FlightBookingRecord,
  type StoredItinerary,
  saleOf,
  validatingCarrierOf,
} from './flight-booking-record.ts';
import type { OfferFlights } from './flight-offer-now.ts';

export interface ChangeQuote {
  itinerary: StoredItinerary;
  change: ChangePrice;
  /** The booking's total before and after. */
  before: number;
  after: number;
}

/**
 * What a booking becomes on other flights, and what that costs: the whole ticket repriced at the loads
 * given (a voluntary change), or kept at the fares paid (the airline's change). Seats chosen on flights
 * given up go; bags stay with their slice. Null when the new flights cannot be priced.
 */
export function quoteChange(input: {
  row: FlightBookingRecord;
  flights: OfferFlights;
  changed: ReadonlySet<number>;
  soldBefore: ReadonlyMap<string, number>;
  keyOf: SeatInventoryRepository['keyOf'];
  termsIn: (currency: string) => PriceTerms;
  sale: SaleContext;
  catalogue: Catalogue;
  involuntary: boolean;
}): ChangeQuote | null {
  const { row, flights, changed, involuntary } = input;
  const old = row.itinerary;
  const cabin = old.cabin as Cabin;
  const passengers = mixOf(row.passengers, flights[0]![0]!.flight.date);
  const selling = priceOffer(
    flights,
    { cabin, passengers },
    input.soldBefore,
    input.keyOf,
    input.termsIn,
    input.sale,
    // A change is paid in the booking's currency, whatever the new flights' fares are filed in.
    row.currency,
  );
  if (!selling) return null;
  const services = old.services ?? [];
  const givenUp = services.filter((s) => s.type === 'seat' && changed.has(s.slice));
  const change = priceChange({
    oldFares: old.price.total_amount,
    newFares: selling.price.total_amount,
    penaltyPerPassenger: old.conditions.change.penalty_amount ?? 0,
    seatedPassengers: row.passengers.filter((p) => p.type !== 'infant').length,
    refundable: old.refund_terms.refundable,
    involuntary,
    seatFeesGivenUp: servicesAmount(givenUp),
  });
  const kept = services.filter((s) => !givenUp.includes(s));
  const sold = itineraryAsSold(
    { cabin, brand: old.brand },
    flights,
    // The airline's change keeps the fares paid and the terms they came with.
    involuntary ? { price: old.price, pricing: old.pricing } : selling,
    input.catalogue,
    kept,
  );
  const itinerary: StoredItinerary = {
    ...sold,
    ...(involuntary
      ? {
          conditions: old.conditions,
          refund_terms: old.refund_terms,
          ...(old.fares_by_slice ? { fares_by_slice: old.fares_by_slice } : {}),
        }
      : {}),
    // The tickets stay the airline's that issued them, whoever flies the new flights.
    validating_carrier: validatingCarrierOf(old),
    change_fees: (old.change_fees ?? 0) + change.fees,
    ...(old.cancelled_parts ? { cancelled_parts: old.cancelled_parts } : {}),
  };
  return { itinerary, change, before: saleOf(old).total, after: saleOf(itinerary).total };
}
