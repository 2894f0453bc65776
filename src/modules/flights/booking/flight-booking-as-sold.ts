import { foldedNames } from '../../../shared/names.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { PaymentSummary } from '../../payments/index.ts';
import type { FlightService } from '../ancillaries/ancillaries.ts';
import type { PriceBreakdown } from '../search/fare-rules.ts';
import { conditionsOf, describeSlice } from '../search/offer-builder.ts';
import type { OfferPayload } from '../search/offer-token.ts';
import type { Selling } from '../search/selling-price.ts';
import { type OfferFlights, type SaleSelling, serviceTermsOf } from './flight-booking-placement.ts';
import {
  type Contact,
  type FlightBookingRecord,
  type StoredItinerary,
  type StoredPassenger,
  saleOf,
} from './flight-booking-record.ts';

/* The last step of placing a flight booking: its record, with the itinerary as sold. */

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

/** A new booking's record: held (no tickets, a deadline) or confirmed (its tickets issued with it). */
export function newBookingRecord(input: {
  id: string;
  reference: string;
  owner: { userId: string; agencyId: string | null };
  itinerary: StoredItinerary;
  passengers: StoredPassenger[];
  contact: Contact;
  firstDeparture: Date;
  holdUntil: Date | null;
  idempotencyKey: string | null;
  payment: PaymentSummary | null;
  now: Date;
}): FlightBookingRecord {
  const { itinerary, passengers, now } = input;
  const held = input.holdUntil !== null;
  return {
    id: input.id,
    reference: input.reference,
    user_id: input.owner.userId,
    agency_id: input.owner.agencyId,
    status: held ? 'held' : 'confirmed',
    currency: itinerary.price.currency,
    total_amount: saleOf(itinerary).total,
    hold_expires_at: input.holdUntil?.toISOString() ?? null,
    first_departure_at: input.firstDeparture.toISOString(),
    itinerary,
    passengers,
    names: foldedNames(passengers),
    contact: input.contact,
    tickets: held ? null : {},
    refund_amount: null,
    idempotency_key: input.idempotencyKey,
    payment: input.payment,
    documents_purged_at: null,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}
