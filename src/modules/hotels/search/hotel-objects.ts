import type { Catalogue } from '../../catalog/index.ts';
import type { IndexedHotel, IndexedRatePlan, IndexedRoomType, PlanRules } from './hotel-index.types.ts';
import type { HotelStore } from './hotel-store.ts';

/** The hotel at a position of a store as an object, with its room types and rate plans. */
export function hotelObject(store: HotelStore, catalogue: Catalogue, at: number): IndexedHotel {
  const { c, strings, values } = store;
  const cityId = strings.at(c.cityOf.at(at));
  const city = catalogue.cityById.get(cityId);
  const chain = c.chainOf.at(at);
  const image = c.images.at(at);
  const firstRoom = c.firstRoom.at(at);
  const firstPlan = c.firstPlan.at(at);
  return {
    id: store.ids[at]!,
    code: c.codes.at(at),
    name: c.names.at(at),
    nameFolded: store.folded[at]!,
    city_id: cityId,
    city_name: city?.name ?? '',
    country_code: city?.country_code ?? '',
    chain: chain < 0 ? null : strings.at(chain),
    stars: c.stars.at(at),
    address: c.addresses.at(at),
    latitude: c.latitudes.at(at),
    longitude: c.longitudes.at(at),
    time_zone: strings.at(c.hotelRefs.at(at * 4)),
    check_in_time: strings.at(c.hotelRefs.at(at * 4 + 1)),
    check_out_time: strings.at(c.hotelRefs.at(at * 4 + 2)),
    amenities: values.at(c.hotelRefs.at(at * 4 + 3)) as string[],
    image: image === '' ? null : image,
    review_score: c.reviewCount.at(at) > 0 ? c.reviewScore.at(at) / 10 : null,
    review_count: c.reviewCount.at(at),
    roomTypes: Array.from({ length: c.roomCount.at(at) }, (_, i) => roomObject(store, firstRoom + i)),
    ratePlans: Array.from({ length: c.planCount.at(at) }, (_, i) => planObject(store, firstPlan + i)),
  };
}

/** Room type row `r` as an object. */
function roomObject(store: HotelStore, r: number): IndexedRoomType {
  const { c, strings, values } = store;
  const n = (k: number) => c.roomNumbers.at(r * 5 + k);
  return {
    id: c.roomIds.at(r),
    code: strings.at(c.roomRefs.at(r * 4)),
    name: strings.at(c.roomRefs.at(r * 4 + 1)),
    beds: strings.at(c.roomRefs.at(r * 4 + 2)),
    amenities: values.at(c.roomRefs.at(r * 4 + 3)) as string[],
    size_m2: n(0),
    rooms: n(1),
    max_adults: n(2),
    max_children: n(3),
    max_occupancy: n(4),
    price_factor: c.roomFactors.at(r),
  };
}

/** Rate plan row `p` as an object: its shared rules with its own id and base amount. */
function planObject(store: HotelStore, p: number): IndexedRatePlan {
  const rules = store.values.at(store.c.planRules.at(p)) as PlanRules;
  return { ...rules, id: store.c.planIds.at(p), base_amount: store.c.planBase.at(p) };
}
