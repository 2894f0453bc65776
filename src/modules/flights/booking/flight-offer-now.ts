import { AppError, invalidField } from '../../../http/app-error.ts';
import { type DatedFlight, type Fare, type FlightNetwork, schedulesOf } from '../inventory/flight-network.ts';
import type { OfferPayload, OfferTokens } from '../search/offer-token.ts';
import { MIN_MINUTES_BEFORE_DEPARTURE } from '../search/sale-rules.ts';

/*
 * The first steps of placing a flight booking or changing one, before any transaction: the offer behind
 * its id, and its flights as the network has them now. What follows is in flight-booking-placement.ts.
 */

export type OfferFlights = Array<Array<{ flight: DatedFlight; fare: Fare }>>;
type Money = { amount: number; currency: string };

/** The offer behind an offer id, still valid and in the currency the client expects to pay. */
export function readOffer(offers: OfferTokens, offerId: string, expected: Money, now: Date): OfferPayload {
  const offer = offers.read(offerId);
  if (!offer) throw invalidField('/offer_id', 'is not an offer id from /search_flight');
  if (offer.expires * 1000 <= now.getTime())
    throw new AppError('OFFER_EXPIRED', 'The offer has expired; search again', {
      expired_at: new Date(offer.expires * 1000).toISOString(),
    });
  if (expected.currency !== offer.currency)
    throw invalidField('/expected_total/currency', `must be the offer's currency ${offer.currency}`);
  return offer;
}

/** The offer's flights, as the network has them now, with the fares of its brand. */
export async function flightsOf(
  network: FlightNetwork,
  offer: OfferPayload,
  now: Date,
): Promise<OfferFlights> {
  await network.loadFares(
    schedulesOf(
      network,
      offer.slices.flat().map(([id]) => id),
    ),
  );
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

/** Whether the trip crosses a border (then every passenger needs a travel document). */
export function isInternational(slices: OfferFlights): boolean {
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
