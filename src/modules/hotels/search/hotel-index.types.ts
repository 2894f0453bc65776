import type { IndexedRatePlan, IndexedRoomType } from '../inventory/hotel-content-codec.ts';

export type { IndexedRatePlan, IndexedRoomType } from '../inventory/hotel-content-codec.ts';

/** What ranking reads of a room type: how many rooms, who fits, its price factor. */
export type RankingRoom = Pick<
  IndexedRoomType,
  'id' | 'rooms' | 'max_adults' | 'max_children' | 'max_occupancy' | 'price_factor'
>;

/** Where a hotel's room type rows and rate plan rows begin in the index, and how many there are. */
export interface HotelRows {
  firstRoom: number;
  roomCount: number;
  firstPlan: number;
  planCount: number;
}

/** A rate plan's rules as stored once for every plan sharing them: no id, no base amount. */
export type PlanRules = Omit<IndexedRatePlan, 'id' | 'base_amount'>;

/** A hotel as an object, with its room types and rate plans: what a page of answers is made from. */
export interface IndexedHotel {
  id: string;
  code: string;
  name: string;
  nameFolded: string;
  city_id: string;
  city_name: string;
  country_code: string;
  chain: string | null;
  stars: number;
  address: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  check_in_time: string;
  check_out_time: string;
  amenities: string[];
  /** The first image; the rest are in the hotel's details. */
  image: string | null;
  /** Published reviews: their average out of 10 (one decimal; null with none) and count. */
  review_score: number | null;
  review_count: number;
  roomTypes: IndexedRoomType[];
  ratePlans: IndexedRatePlan[];
}
