import type { Catalogue } from '../../catalog/index.ts';
import type { FlightService } from '../ancillaries/ancillaries.ts';
import type { PriceBreakdown } from '../search/fare-rules.ts';
import { conditionsOf, describeSlice } from '../search/offer-builder.ts';
import type { OfferPayload } from '../search/offer-token.ts';
import type { Selling } from '../search/selling-price.ts';
import { type SaleSelling, serviceTermsOf } from './flight-booking-placement.ts';
import type { StoredItinerary } from './flight-booking-record.ts';
import type { OfferFlights } from './flight-offer-now.ts';

/* A step of placing or changing a flight booking: the itinerary as sold. */

/** What the booking keeps of its offer, as sold: flights, price, conditions, bags and refund terms. */
export function itineraryAsSold(
  offer: Pick<OfferPayload, 'cabin' | 'brand'>,
  slices: OfferFlights,
  {
    price,
    pricing,
    slices: prices,
  }: Pick<SaleSelling, 'price'> & {
    pricing?: Selling['pricing'] | undefined;
    slices?: PriceBreakdown[] | undefined;
  },
  catalogue: Catalogue,
  services: FlightService[] = [],
): StoredItinerary {
  const fares = slices.flat().map((x) => x.fare);
  const described = slices.map((slice) =>
    describeSlice(
      slice.map((x) => x.flight),
      catalogue,
    ),
  );
  return {
    cabin: offer.cabin,
    brand: offer.brand,
    validating_carrier: described[0]!.segments[0]!.carrier,
    slices: described,
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
    ...(prices
      ? {
          fares_by_slice: slices.map((slice, i) => ({
            price: prices[i]!,
            conditions: conditionsOf(
              slice.map((x) => x.fare),
              price.currency,
            ),
          })),
        }
      : {}),
    ...(pricing ? { pricing } : {}),
    services,
    service_terms: serviceTermsOf(slices),
  };
}
