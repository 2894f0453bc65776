import { invalidField } from '../../../http/app-error.ts';
import { paginate } from '../../../http/cursor.ts';
import type { Clock } from '../../../ports/clock.ts';
import { noSearchTimer, type SearchTimer } from '../../../ports/metrics.ts';
import { type Catalogue, createPointsOfInterest, distanceKm, fold } from '../../catalog/index.ts';
import { comparable, convert, hasRate, type RateTable } from '../../money/index.ts';
import type { Buyer, TermsFor } from '../../pricing/index.ts';
import { sumPricing } from '../../pricing/index.ts';
import type { HotelInventoryRepository, NightState } from '../inventory/hotel-inventory-repository.ts';
import {
  cancellationTimeline,
  priceRooms,
  roomsTotal,
  type StayNights,
  type StayPrice,
  stayNights,
  sumRooms,
} from '../inventory/hotel-rates.ts';
import { checkInOpen, checkStayDates } from '../inventory/stays.ts';
import type { HotelIndex, IndexedHotel, IndexedRatePlan, IndexedRoomType } from './hotel-index.ts';
import { type PlanTerms, planTermsFor } from './hotel-sale.ts';
import type { RateKeys } from './rate-key.ts';
import type { SearchHotelsRequest } from './search-hotels.schemas.ts';

export const RATE_KEY_TTL_SECONDS = 30 * 60;

/** Names in the order `localeCompare` gives, with one collator rather than one per comparison. */
const byName = new Intl.Collator().compare;

type Room = { adults: number; children: number[] };

/** One bookable way to stay: a room type and rate plan for every requested room. */
export interface HotelOption {
  roomType: IndexedRoomType;
  ratePlan: IndexedRatePlan;
  total: number;
  currency: string;
  roomsLeft: number;
  /** Each room's price night by night: worked out only for the options shown. */
  prices(): StayPrice[];
}

/** Rooms of a type still for sale on every night of the stay (the fewest), or 0 if any night is closed. */
export function roomsLeft(
  roomType: IndexedRoomType,
  nights: readonly string[],
  state: (night: string) => NightState | undefined,
): number {
  let left = Number.POSITIVE_INFINITY;
  for (const night of nights) {
    const s = state(night);
    if (s?.closed) return 0;
    left = Math.min(left, (s?.rooms ?? roomType.rooms) - (s?.sold ?? 0));
  }
  return Math.max(0, left);
}

/** Every option of a hotel for the stay, cheapest first: occupancy, stay rules and allotment respected. */
export function hotelOptions(
  hotel: IndexedHotel,
  stay: { checkIn: string; checkOut: string; rooms: Room[]; nights?: StayNights },
  nightState: (roomTypeId: string, night: string) => NightState | undefined,
  terms: PlanTerms,
): HotelOption[] {
  const nights = stay.nights ?? stayNights(stay.checkIn, stay.checkOut);
  const options: HotelOption[] = [];
  // Each rate plan's pricing terms once per hotel, not once per room type.
  const planTerms = new Map(hotel.ratePlans.map((plan) => [plan, terms(hotel, plan, stay.checkIn)]));
  for (const roomType of hotel.roomTypes) {
    const left = roomsLeft(roomType, nights.dates, (n) => nightState(roomType.id, n));
    if (left < stay.rooms.length || nightState(roomType.id, stay.checkIn)?.closedToArrival) continue;
    for (const plan of hotel.ratePlans) {
      const onTerms = planTerms.get(plan);
      const total = roomsTotal(plan, roomType, { ...stay, nights }, stay.rooms, onTerms);
      if (total === null) continue;
      options.push({
        roomType,
        ratePlan: plan,
        total,
        currency: plan.currency,
        roomsLeft: left,
        prices() {
          const priced = priceRooms(plan, roomType, stay, stay.rooms, onTerms);
          if (priced.problem) throw new Error(`option ${roomType.id}/${plan.id} priced without a problem`);
          return priced.rooms;
        },
      });
    }
  }
  return options.sort((a, b) => a.total - b.total);
}

/** The first (cheapest) option of each room type, in the order given. */
export function cheapestPerRoomType(options: readonly HotelOption[]): HotelOption[] {
  const seen = new Set<string>();
  return options.filter((o) => !seen.has(o.roomType.id) && seen.add(o.roomType.id));
}

export function createHotelSearchService(deps: {
  index: { current(): Promise<HotelIndex> };
  inventory: HotelInventoryRepository;
  rateKeys: RateKeys;
  catalogue: Catalogue;
  clock: Clock;
  /**
   * The exchange rates in force, read once per search: to compare and filter prices across currencies,
   * and to show them in the one asked for.
   */
  rates: () => RateTable;
  /** Pricing rules: options are shown at their selling price for the buyer. */
  pricing: TermsFor;
  /** Times each search's phases for the gauges. */
  timer?: SearchTimer;
}) {
  const timer = deps.timer ?? noSearchTimer;
  /**
   * The currency the price filters are in: the one asked for, or the one every hotel found is priced
   * in. Hotels priced in several currencies need it said.
   */
  function filterCurrency(
    req: SearchHotelsRequest,
    currenciesFound: () => ReadonlySet<string>,
  ): string | undefined {
    const f = req.filters ?? {};
    if (f.min_total_amount === undefined && f.max_total_amount === undefined) return undefined;
    if (req.currency) return req.currency;
    const currencies = currenciesFound();
    if (currencies.size <= 1) return [...currencies][0];
    throw invalidField(
      '/currency',
      `is needed to filter by price: the hotels found are priced in ${[...currencies].sort().join(', ')}`,
    );
  }

  function candidates(
    index: HotelIndex,
    req: SearchHotelsRequest,
  ): Array<{ hotel: IndexedHotel; distance: number | null }> {
    const d = req.destination;
    if ('city_id' in d) {
      const city = deps.catalogue.cityById.get(d.city_id);
      if (!city) throw invalidField('/destination/city_id', 'is not a city of /b2c/cities');
      return (index.byCity.get(d.city_id) ?? []).map((hotel) => ({
        hotel,
        distance: distanceKm(city.latitude, city.longitude, hotel.latitude, hotel.longitude),
      }));
    }
    if ('hotel_ids' in d) {
      return d.hotel_ids.flatMap((id) => {
        const hotel = index.byId.get(id);
        return hotel ? [{ hotel, distance: null }] : [];
      });
    }
    const radius = d.radius_km ?? 5;
    return index
      .near(d.latitude, d.longitude, radius)
      .map((hotel) => ({
        hotel,
        distance: distanceKm(d.latitude, d.longitude, hotel.latitude, hotel.longitude),
      }))
      .filter((x) => x.distance <= radius);
  }

  const pointsOfInterest = createPointsOfInterest(deps.catalogue);
  const round2 = (km: number) => Math.round(km * 100) / 100;
  const distancesFrom = (hotel: IndexedHotel) =>
    pointsOfInterest(hotel.city_id).map((p) => ({
      type: p.type,
      name: p.name,
      code: p.code,
      distance_km: round2(distanceKm(hotel.latitude, hotel.longitude, p.latitude, p.longitude)),
    }));

  return {
    /** Hotels with bookable options for the stay, priced from live allotment; one batched read per search. */
    async searchHotels(req: SearchHotelsRequest, buyer: Buyer & { role: string }) {
      const { lap } = timer('hotel');
      const terms = planTermsFor(deps.pricing, buyer);
      const showTrade = buyer.role !== 'customer';
      const now = deps.clock.now();
      checkStayDates(req.check_in, req.check_out, now);
      const rates = deps.rates();
      const worth = (o: HotelOption) => comparable(rates, o.total, o.currency);
      if (req.currency && !hasRate(rates, req.currency))
        throw invalidField('/currency', `has no exchange rate: ${JSON.stringify(req.currency)}`);
      const index = await deps.index.current();
      lap('index');
      const rooms: Room[] = req.rooms.map((r) => ({ adults: r.adults, children: r.children ?? [] }));
      const f = req.filters ?? {};
      const name = f.name ? fold(f.name) : '';
      // Whether check-in is still open, once per zone rather than once per hotel.
      const openIn = new Map<string, boolean>();
      const open = (zone: string) => {
        let o = openIn.get(zone);
        if (o === undefined) {
          o = checkInOpen(req.check_in, zone, now);
          openIn.set(zone, o);
        }
        return o;
      };
      const found = candidates(index, req).filter(
        ({ hotel }) =>
          open(hotel.time_zone) &&
          (!f.stars || f.stars.includes(hotel.stars)) &&
          (!f.amenities || f.amenities.every((a) => hotel.amenities.includes(a))) &&
          (!name || hotel.nameFolded.includes(name)),
      );
      lap('candidates');
      const state = await deps.inventory.nights(
        found.flatMap(({ hotel }) => hotel.roomTypes.map((r) => r.id)),
        req.check_in,
        req.check_out,
      );
      lap('availability');
      // Stored nights are few (sold or overridden); most room types have none.
      const byRoomType = new Map<string, Map<string, NightState>>();
      for (const [key, night] of state) {
        const [id, date] = key.split('|') as [string, string];
        const nights = byRoomType.get(id) ?? new Map<string, NightState>();
        nights.set(date, night);
        byRoomType.set(id, nights);
      }
      const stay = {
        checkIn: req.check_in,
        checkOut: req.check_out,
        rooms,
        nights: stayNights(req.check_in, req.check_out),
      };
      const priced = found.map(({ hotel, distance }) => ({
        hotel,
        distance,
        options: hotelOptions(hotel, stay, (id, night) => byRoomType.get(id)?.get(night), terms).filter(
          (o) =>
            (!f.boards || f.boards.includes(o.ratePlan.board)) &&
            (!f.refundable_only || o.ratePlan.cancellation.refundable),
        ),
      }));
      const unit = filterCurrency(
        req,
        () => new Set(priced.flatMap((r) => r.options.map((o) => o.currency))),
      );
      const inUnit = (o: HotelOption) => (unit ? convert(rates, o.total, o.currency, unit) : o.total);
      const withinPrice = (o: HotelOption) => {
        const amount = inUnit(o);
        if (amount === undefined) return false;
        return (
          (f.min_total_amount === undefined || amount >= f.min_total_amount) &&
          (f.max_total_amount === undefined || amount <= f.max_total_amount)
        );
      };
      const results = priced.flatMap((r) => {
        const options = r.options.filter(withinPrice);
        if (options.length === 0) return [];
        // Options come cheapest first; only a hotel priced in several currencies needs them ranked by the rates.
        if (options.some((o) => o.currency !== options[0]!.currency))
          options.sort((a, b) => worth(a) - worth(b));
        return [{ ...r, options, worth: worth(options[0]!) }];
      });
      const sort = req.sort ?? 'price';
      // Prices compare across currencies through the rates; within one currency that is the amount's order.
      const cheapest = (r: (typeof results)[number]) => r.worth;
      results.sort((a, b) => {
        if (sort === 'stars') return a.hotel.stars - b.hotel.stars || cheapest(a) - cheapest(b);
        if (sort === '-stars') return b.hotel.stars - a.hotel.stars || cheapest(a) - cheapest(b);
        if (sort === 'distance') return (a.distance ?? 0) - (b.distance ?? 0) || cheapest(a) - cheapest(b);
        if (sort === '-price') return cheapest(b) - cheapest(a) || byName(a.hotel.name, b.hotel.name);
        return cheapest(a) - cheapest(b) || byName(a.hotel.name, b.hotel.name);
      });
      lap('pricing');
      const { cursor, limit, ...query } = req;
      const page = paginate(results, query as Record<string, unknown>, cursor, limit ?? 20);
      const every = req.options === 'all';
      const expires = Math.floor(deps.clock.now().getTime() / 1000) + RATE_KEY_TTL_SECONDS;
      const shown = req.currency;
      const answer = {
        ...page,
        ...(shown ? { exchange_rates_as_of: rates.asOf } : {}),
        data: page.data.map(({ hotel, distance, options }) => ({
          hotel: {
            id: hotel.id,
            name: hotel.name,
            stars: hotel.stars,
            chain: hotel.chain,
            address: hotel.address,
            city_id: hotel.city_id,
            city_name: hotel.city_name,
            latitude: hotel.latitude,
            longitude: hotel.longitude,
            time_zone: hotel.time_zone,
            check_in_time: hotel.check_in_time,
            check_out_time: hotel.check_out_time,
            amenities: hotel.amenities,
            image: hotel.image,
          },
          distance_km: distance === null ? null : round2(distance),
          points_of_interest: distancesFrom(hotel),
          cheapest_total_amount: options[0]!.total,
          currency: options[0]!.currency,
          ...(shown
            ? {
                cheapest_in_currency: {
                  amount: convert(rates, options[0]!.total, options[0]!.currency, shown) ?? null,
                  currency: shown,
                },
              }
            : {}),
          options_count: options.length,
          options: (every ? options : cheapestPerRoomType(options)).map((o) => {
            const prices = o.prices();
            return {
              rate_key: deps.rateKeys.issue({
                hotel_id: hotel.id,
                room_type_id: o.roomType.id,
                rate_plan_id: o.ratePlan.id,
                check_in: req.check_in,
                check_out: req.check_out,
                rooms,
                total: o.total,
                currency: o.currency,
                expires,
              }),
              expires_at: new Date(expires * 1000).toISOString(),
              room_type: {
                code: o.roomType.code,
                name: o.roomType.name,
                beds: o.roomType.beds,
                size_m2: o.roomType.size_m2,
                max_occupancy: o.roomType.max_occupancy,
                amenities: o.roomType.amenities,
              },
              rate_plan: { code: o.ratePlan.code, name: o.ratePlan.name },
              board: o.ratePlan.board,
              payment_type: o.ratePlan.payment_type,
              total_amount: o.total,
              currency: o.currency,
              ...sumRooms(prices),
              cancellation: cancellationTimeline(
                o.ratePlan.cancellation,
                req.check_in,
                hotel.time_zone,
                o.total,
              ),
              rooms_left: o.roomsLeft,
              ...(showTrade ? { pricing: sumPricing(prices.map((p) => p.pricing)) } : {}),
            };
          }),
        })),
      };
      lap('page');
      return answer;
    },
  };
}

export type HotelSearchService = ReturnType<typeof createHotelSearchService>;
