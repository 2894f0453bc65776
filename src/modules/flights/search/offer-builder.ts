import { toLocalIso } from '../../../shared/calendar.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { PricingRecord } from '../../pricing/index.ts';
import { availableBags, extraBagsOfSlice } from '../inventory/bag-rules.ts';
import type { Fare, FlightNetwork } from '../inventory/flight-network.ts';
import type { Cabin } from '../inventory/network-file.ts';
import {
  type FareSums,
  fareSums,
  type PassengerMix,
  type PriceBreakdown,
  priceOf,
  type SaleContext,
  type SegmentPricing,
  seatsNeeded,
  totalOf,
} from './fare-rules.ts';
import type { Itinerary } from './itinerary-search.ts';

/** One priced way to fly one slice in one brand. */
export interface SliceOption {
  itinerary: Itinerary;
  brand: string;
  fares: Fare[];
  price: PriceBreakdown;
  seatsLeft: number;
}

/** Seats sold on a flight of an itinerary, in the cabin searched. */
export type SoldLookup = (flight: Itinerary[number]) => number;

/** A way to fly a slice in a brand, priced as numbers: what options are ranked by before any is made. */
export interface SliceDraft {
  itinerary: Itinerary;
  brand: string;
  fares: Fare[];
  sums: FareSums;
  /** `price.total_amount` of the option it makes, in `sums.currency`. */
  total: number;
  seatsLeft: number;
}

/**
 * Prices an itinerary in every brand that all its flights sell in the cabin, if enough seats are left:
 * drafts, made into options (`optionOf`) only for those a search keeps.
 */
export function sliceDrafts(
  network: FlightNetwork,
  itinerary: Itinerary,
  cabin: Cabin,
  mix: PassengerMix,
  sold: SoldLookup,
  sale: SaleContext,
): SliceDraft[] {
  const n = itinerary.length;
  let seatsLeft = Number.POSITIVE_INFINITY;
  const soldOn: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const f = itinerary[i]!;
    soldOn[i] = sold(f);
    seatsLeft = Math.min(seatsLeft, f.schedule.capacity[cabin] - soldOn[i]!);
  }
  if (seatsLeft < seatsNeeded(mix)) return [];
  const perFlight: Fare[][] = new Array(n);
  for (let i = 0; i < n; i++) perFlight[i] = network.faresFor(itinerary[i]!.schedule, cabin);
  const drafts: SliceDraft[] = [];
  for (const first of perFlight[0] ?? []) {
    // A brand every flight sells: its fare on each.
    const fares: Fare[] = [first];
    for (let i = 1; i < n; i++) {
      const fare = perFlight[i]!.find((x) => x.brand === first.brand);
      if (!fare) break;
      fares.push(fare);
    }
    if (fares.length < n) continue;
    const segments: SegmentPricing[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const f = itinerary[i]!;
      segments[i] = { fare: fares[i]!, sold: soldOn[i]!, capacity: f.schedule.capacity[cabin], date: f.date };
    }
    const sums = fareSums(segments, sale);
    if (sums)
      drafts.push({ itinerary, brand: first.brand, fares, sums, total: totalOf(sums, mix), seatsLeft });
  }
  return drafts;
}

/** The option a draft makes, with its price line by passenger type. */
export function optionOf(draft: SliceDraft, mix: PassengerMix): SliceOption {
  const { itinerary, brand, fares, seatsLeft } = draft;
  return { itinerary, brand, fares, price: priceOf(draft.sums, mix), seatsLeft };
}

/** Adds up slice prices into an offer price; every slice must be in the same currency. */
export function combinePrices(prices: readonly PriceBreakdown[]): PriceBreakdown | null {
  const currency = prices[0]?.currency;
  if (!currency || prices.some((p) => p.currency !== currency)) return null;
  const byType = new Map<string, PriceBreakdown['passengers'][number]>();
  for (const p of prices) {
    for (const row of p.passengers) {
      const seen = byType.get(row.type);
      byType.set(
        row.type,
        seen
          ? {
              ...seen,
              base_amount: seen.base_amount + row.base_amount,
              tax_amount: seen.tax_amount + row.tax_amount,
              total_amount: seen.total_amount + row.total_amount,
            }
          : { ...row },
      );
    }
  }
  return {
    currency,
    base_amount: prices.reduce((n, p) => n + p.base_amount, 0),
    tax_amount: prices.reduce((n, p) => n + p.tax_amount, 0),
    total_amount: prices.reduce((n, p) => n + p.total_amount, 0),
    passengers: [...byType.values()],
  };
}

/** The wire shape of an itinerary's flights, in local times with offsets and zones. */
export function describeSlice(itinerary: Itinerary, catalogue: Catalogue) {
  const first = itinerary[0]!;
  const last = itinerary[itinerary.length - 1]!;
  return {
    origin: first.schedule.origin.iata,
    destination: last.schedule.destination.iata,
    departure_date: first.date,
    duration_minutes: Math.round((last.arrivesAt - first.departsAt) / 60_000),
    connections: itinerary.length - 1,
    segments: itinerary.map((f, i) => {
      const next = itinerary[i + 1];
      return {
        flight_id: f.schedule.id,
        departure_date: f.date,
        carrier: f.schedule.carrier,
        carrier_name: catalogue.airlineByCode.get(f.schedule.carrier)?.name ?? f.schedule.carrier,
        flight_number: `${f.schedule.carrier}${f.schedule.flightNumber}`,
        aircraft: f.schedule.aircraft,
        origin: f.schedule.origin.iata,
        destination: f.schedule.destination.iata,
        departing_at: toLocalIso(new Date(f.departsAt), f.schedule.origin.time_zone),
        arriving_at: toLocalIso(new Date(f.arrivesAt), f.schedule.destination.time_zone),
        origin_time_zone: f.schedule.origin.time_zone,
        destination_time_zone: f.schedule.destination.time_zone,
        duration_minutes: Math.round((f.arrivesAt - f.departsAt) / 60_000),
        connection_minutes: next ? Math.round((next.departsAt - f.arrivesAt) / 60_000) : null,
      };
    }),
  };
}

/** What changing or cancelling costs: allowed only if every fare allows it; penalties add up. */
export function conditionsOf(fares: readonly Fare[], currency: string) {
  const rule = (pick: (f: Fare) => { allowed: boolean; penalty: number }) => {
    const allowed = fares.every((f) => pick(f).allowed);
    return {
      allowed,
      penalty_amount: allowed ? fares.reduce((n, f) => n + pick(f).penalty, 0) : null,
      penalty_currency: allowed ? currency : null,
    };
  };
  return { change: rule((f) => f.change), refund: rule((f) => f.refund) };
}

/** An offer before it is built: its options, price and sort keys, enough to filter, sort and page. */
export interface Candidate {
  options: SliceOption[];
  /** The selling price for the buyer. */
  price: PriceBreakdown;
  pricing: PricingRecord;
  duration: number;
  departure: number;
  /** The total through the rates, for sorting offers priced in several currencies. */
  worth: number;
  /** What its offer shows that never changes, once shown. */
  body?: OfferBody;
  /** Its offer id for an expiry, once issued. */
  issued?: { expires: number; id: string };
}

/** What an offer shows that stays the same for its candidate: built on its first page, then kept. */
export function offerBody({ options, price }: Candidate, cabin: Cabin, catalogue: Catalogue) {
  const fares = options.flatMap((o) => o.fares);
  return {
    cabin,
    brand: options[0]!.brand,
    total_amount: price.total_amount,
    total_currency: price.currency,
    base_amount: price.base_amount,
    tax_amount: price.tax_amount,
    passengers: price.passengers,
    conditions: conditionsOf(fares, price.currency),
    baggage: {
      checked: Math.min(...fares.map((f) => f.checkedBags)),
      cabin: Math.min(...fares.map((f) => f.cabinBags)),
    },
    available_services: {
      checked_bags: availableBags(
        options.map((o) => extraBagsOfSlice(o.fares.map((f) => f.extraBags))),
        price.currency,
      ),
    },
    slices: options.map((o) => describeSlice(o.itinerary, catalogue)),
  };
}

export type OfferBody = ReturnType<typeof offerBody>;
