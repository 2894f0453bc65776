import { AppError, invalidField } from '../../http/app-error.ts';
import { decodeCursor, fingerprint, paginate } from '../../http/cursor.ts';
import { SerializedAnswer } from '../../ports/search-threads.ts';
import { daysBetween } from '../../shared/calendar.ts';
import { type Catalogue, createPointsOfInterest } from '../catalog/index.ts';
import type { FlightOffer, SearchFlightRequest } from '../flights/index.ts';
import type { HotelResult, SearchHotelsRequest } from '../hotels/index.ts';
import { comparable, convert, type RateTable } from '../money/index.ts';
import type { Buyer } from '../pricing/index.ts';
import type { PackageTokens } from './package-token.ts';
import { flightParty, splitParty, stayOf } from './trip-rules.ts';
import type { SearchTripsRequest } from './trips.schemas.ts';

type Searcher<Req> = (req: Req, buyer: Buyer & { role: string }) => Promise<unknown>;

/** Flight offers searched for a trip, and hotels for each stay they call for, at most this many stays. */
const FLIGHT_OFFERS = 50;
const HOTELS = 50;
const STAYS = 3;

/** A search's answer, whether worked out here or serialised by a search thread. */
const answerOf = <T>(answer: unknown): T =>
  (answer instanceof SerializedAnswer ? JSON.parse(answer.json) : answer) as T;

/** A flight search's field, as the trip search's request names it. */
const TRIP_FIELDS: Record<string, string> = {
  '/slices/0/origin': '/origin',
  '/slices/0/destination': '/destination/city_id',
  '/slices/0/departure_date': '/departure_date',
  '/slices/1/departure_date': '/return_date',
  '/passengers': '/travellers',
};

/** Runs the flight search, its 400s pointing at the trip request's fields rather than the slices it asked. */
async function inTripTerms<T>(search: () => Promise<T>): Promise<T> {
  try {
    return await search();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
    const errors = (error.extras.errors ?? []) as Array<{
      location: string;
      pointer: string;
      detail: string;
    }>;
    const renamed = errors.map((e) => {
      const field = Object.keys(TRIP_FIELDS).find((f) => e.pointer === f || e.pointer.startsWith(`${f}/`));
      return field ? { ...e, pointer: TRIP_FIELDS[field]! + e.pointer.slice(field.length) } : e;
    });
    const first = renamed[0];
    throw new AppError('VALIDATION_FAILED', first ? `${first.pointer} ${first.detail}` : error.message, {
      ...error.extras,
      errors: renamed,
    });
  }
}

/**
 * Flight + hotel packages. One flight search (there and back, cheapest first) finds the offers; each
 * offer's arrival and return departure call for a stay (`stayOf`); for each distinct stay (the cheapest
 * flights' first), one hotel search in the destination city finds the hotels, and each hotel's cheapest
 * option paid now is paired with the cheapest flights of that stay. Ranked by the one price: the flights'
 * total and the stay's in the flights' currency. Two or four searches, whatever the page: never a search
 * per flight or per hotel.
 */
export function createTripSearch(deps: {
  searchFlights: Searcher<SearchFlightRequest>;
  searchHotels: Searcher<SearchHotelsRequest>;
  packages: PackageTokens;
  rates: () => RateTable;
  catalogue: Catalogue;
}) {
  const pointsOfInterest = createPointsOfInterest(deps.catalogue);

  /**
   * Where the flights go for a city: its own airports (the city id), or the airport that serves it when
   * it has none (Mecca: Jeddah), the one its hotels measure their distance to; 400 when none is near.
   */
  function flownTo(cityId: string): string {
    const city = deps.catalogue.cityById.get(cityId);
    if (!city) throw invalidField('/destination/city_id', `is not a city: ${JSON.stringify(cityId)}`);
    const own = city.airports.some((code) => deps.catalogue.airportByCode.get(code)?.scheduled_service);
    if (own) return cityId;
    const airport = pointsOfInterest(cityId).find((p) => p.type === 'airport')?.code;
    if (!airport)
      throw invalidField('/destination/city_id', 'has no airport with scheduled flights within 80 km');
    return airport;
  }

  return {
    async searchTrips(req: SearchTripsRequest, buyer: Buyer & { role: string }) {
      const ages = req.travellers.children ?? [];
      const passengers = flightParty(req.travellers.adults, ages);
      if (!passengers)
        throw invalidField('/travellers/children', 'has more children under 2 than travellers to hold them');
      const rooms = splitParty(req.travellers.adults, ages, req.rooms ?? 1);
      if (!rooms) throw invalidField('/rooms', 'must be at most one room for each adult');
      if (daysBetween(req.departure_date, req.return_date) < 1)
        throw invalidField('/return_date', 'must be at least a day after departure_date');
      // A bad cursor is refused before any search; the page is cut from the ranking, worked out again.
      const { cursor, limit = 20, ...query } = req;
      decodeCursor(cursor, fingerprint(query));
      const city = req.destination.city_id;
      const airport = flownTo(city);

      const flights = answerOf<{ data: FlightOffer[] }>(
        await inTripTerms(() =>
          deps.searchFlights(
            {
              slices: [
                { origin: req.origin, destination: airport, departure_date: req.departure_date },
                { origin: airport, destination: req.origin, departure_date: req.return_date },
              ],
              passengers,
              ...(req.cabin ? { cabin: req.cabin } : {}),
              ...(req.max_connections !== undefined ? { max_connections: req.max_connections } : {}),
              sort: 'price',
              limit: FLIGHT_OFFERS,
            },
            buyer,
          ),
        ),
      ).data;

      // Offers come cheapest first: the first of each stay is its cheapest.
      const stays = new Map<string, { check_in: string; check_out: string; offers: FlightOffer[] }>();
      for (const offer of flights) {
        const out = offer.slices[0]!.segments;
        const stay = stayOf(out[out.length - 1]!.arriving_at, offer.slices[1]!.segments[0]!.departing_at);
        if (!stay) continue;
        const key = `${stay.check_in}/${stay.check_out}`;
        const known = stays.get(key);
        if (known) known.offers.push(offer);
        else if (stays.size < STAYS) stays.set(key, { ...stay, offers: [offer] });
      }

      const rates = deps.rates();
      const found: Array<{ total: number; payload: Parameters<PackageTokens['issue']>[0]; view: object }> =
        [];
      for (const stay of stays.values()) {
        const hotels = answerOf<{ data: HotelResult[] }>(
          await deps.searchHotels(
            {
              destination: { city_id: city },
              check_in: stay.check_in,
              check_out: stay.check_out,
              rooms,
              ...(req.filters?.stars || req.filters?.boards || req.filters?.refundable_only
                ? {
                    filters: {
                      ...(req.filters.stars ? { stars: req.filters.stars } : {}),
                      ...(req.filters.boards ? { boards: req.filters.boards } : {}),
                      ...(req.filters.refundable_only ? { refundable_only: true } : {}),
                    },
                  }
                : {}),
              sort: 'price',
              limit: HOTELS,
            },
            buyer,
          ),
        ).data;
        const offer = stay.offers[0]!;
        for (const result of hotels) {
          const option = result.options.find((o) => o.payment_type === 'pay_now');
          if (!option) continue;
          const hotelInCurrency =
            option.currency === offer.total_currency
              ? option.total_amount
              : convert(rates, option.total_amount, option.currency, offer.total_currency);
          if (hotelInCurrency === undefined) continue;
          const total = offer.total_amount + hotelInCurrency;
          if (req.filters?.max_total_amount !== undefined && total > req.filters.max_total_amount) continue;
          const expires = Math.floor(
            Math.min(Date.parse(offer.expires_at), Date.parse(option.expires_at)) / 1000,
          );
          found.push({
            total,
            payload: {
              offer: offer.id,
              rate_key: option.rate_key,
              flight: { amount: offer.total_amount, currency: offer.total_currency },
              hotel: { amount: option.total_amount, currency: option.currency },
              hotel_in_currency: hotelInCurrency,
              check_in: stay.check_in,
              check_out: stay.check_out,
              rooms,
              expires,
            },
            view: {
              expires_at: new Date(expires * 1000).toISOString(),
              total_amount: total,
              currency: offer.total_currency,
              stay: {
                check_in: stay.check_in,
                check_out: stay.check_out,
                nights: daysBetween(stay.check_in, stay.check_out),
              },
              flight: offer,
              hotel: { ...result, options: [option] },
              hotel_amount: { amount: hotelInCurrency, currency: offer.total_currency },
              flight_alternatives: stay.offers.length - 1,
            },
          });
        }
      }
      // Cheapest first, compared through the rates (offers of one search may be priced in several
      // currencies); a tie keeps the order found (the cheaper flights' stay, then the hotel search's).
      const worth = (p: (typeof found)[number]) => comparable(rates, p.total, p.payload.flight.currency);
      found.sort((a, b) => worth(a) - worth(b));
      const page = paginate(found, query, cursor, limit);
      return {
        ...page,
        data: page.data.map((p) => ({ package_id: deps.packages.issue(p.payload), ...p.view })),
      };
    },
  };
}

export type TripSearch = ReturnType<typeof createTripSearch>;
