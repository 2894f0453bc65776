import { type Catalogue, createPointsOfInterest, distanceKm } from '../../catalog/index.ts';
import { convert, type RateTable } from '../../money/index.ts';
import { sumPricing } from '../../pricing/index.ts';
import { cancellationTimeline } from '../inventory/hotel-cancellation-rules.ts';
import { sumRooms } from '../inventory/hotel-rates.ts';
import type { IndexedHotel, IndexedRoomType } from './hotel-index.ts';
import type { HotelOption, Room } from './hotel-options.ts';
import type { RateKeys } from './rate-key.ts';

export const RATE_KEY_TTL_SECONDS = 30 * 60;

/** A hotel found with its options for the stay, cheapest first, and what it is worth for ranking. */
export interface RankedHotel {
  hotel: IndexedHotel;
  distance: number | null;
  options: HotelOption[];
  worth: number;
}

/** What a page shows that changes from one search of a stay to the next. */
export interface ViewContext {
  stay: { check_in: string; check_out: string; rooms: Room[] };
  now: Date;
  every: boolean;
  showTrade: boolean;
  /** The currency to show the cheapest price in as well, with the rates to convert it. */
  shown: string | undefined;
  rates: RateTable;
  /** Rooms of a type left for the stay, as sold now. */
  roomsLeft: (roomType: IndexedRoomType) => number;
}

const round2 = (km: number) => Math.round(km * 100) / 100;

/**
 * The wire shape of a search's hotels. What stays the same for a hotel and an option (content, distances,
 * prices night by night, cancellation timeline) is worked out the first time it is shown and kept with
 * the ranked result; a rate key expires RATE_KEY_TTL_SECONDS after the search, rounded down to the
 * minute, so one key serves every search of it within that minute. Rooms left are always as sold now.
 */
export function createResultView(deps: { rateKeys: RateKeys; catalogue: Catalogue }) {
  const pointsOfInterest = createPointsOfInterest(deps.catalogue);
  const summaries = new WeakMap<RankedHotel, ReturnType<typeof summary>>();
  const bodies = new WeakMap<HotelOption, ReturnType<typeof optionBody>>();
  const issued = new WeakMap<HotelOption, { expires: number; key: string }>();

  function summary({ hotel, distance }: RankedHotel) {
    return {
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
        review_score: hotel.review_score,
        review_count: hotel.review_count,
      },
      distance_km: distance === null ? null : round2(distance),
      points_of_interest: pointsOfInterest(hotel.city_id).map((p) => ({
        type: p.type,
        name: p.name,
        code: p.code,
        distance_km: round2(distanceKm(hotel.latitude, hotel.longitude, p.latitude, p.longitude)),
      })),
    };
  }

  function optionBody(o: HotelOption, hotel: IndexedHotel, checkIn: string) {
    const prices = o.prices();
    return {
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
      cancellation: cancellationTimeline(o.ratePlan.cancellation, checkIn, hotel.time_zone, o.total),
      pricing: sumPricing(prices.map((p) => p.pricing)),
    };
  }

  function rateKey(o: HotelOption, hotel: IndexedHotel, c: ViewContext, expires: number): string {
    const held = issued.get(o);
    if (held?.expires === expires) return held.key;
    const key = deps.rateKeys.issue({
      hotel_id: hotel.id,
      room_type_id: o.roomType.id,
      rate_plan_id: o.ratePlan.id,
      check_in: c.stay.check_in,
      check_out: c.stay.check_out,
      rooms: c.stay.rooms,
      total: o.total,
      currency: o.currency,
      expires,
    });
    issued.set(o, { expires, key });
    return key;
  }

  return function view(r: RankedHotel, shownOptions: readonly HotelOption[], c: ViewContext) {
    const expires = Math.floor((c.now.getTime() / 1000 + RATE_KEY_TTL_SECONDS) / 60) * 60;
    let head = summaries.get(r);
    if (!head) {
      head = summary(r);
      summaries.set(r, head);
    }
    const cheapest = r.options[0]!;
    return {
      ...head,
      cheapest_total_amount: cheapest.total,
      currency: cheapest.currency,
      ...(c.shown
        ? {
            cheapest_in_currency: {
              amount: convert(c.rates, cheapest.total, cheapest.currency, c.shown) ?? null,
              currency: c.shown,
            },
          }
        : {}),
      options_count: r.options.length,
      options: shownOptions.map((o) => {
        let body = bodies.get(o);
        if (!body) {
          body = optionBody(o, r.hotel, c.stay.check_in);
          bodies.set(o, body);
        }
        const { pricing, ...shown } = body;
        return {
          rate_key: rateKey(o, r.hotel, c, expires),
          expires_at: new Date(expires * 1000).toISOString(),
          ...shown,
          rooms_left: c.roomsLeft(o.roomType),
          ...(c.showTrade ? { pricing } : {}),
        };
      }),
    };
  };
}
