import type { CancellationPolicy } from './hotel-cancellation-rules.ts';
import type { ChildBand, Season } from './hotel-rates.ts';

/** The documented import format for hotel content, rates and allotments (docs/hotel-import.md). */
export interface RoomTypeRecord {
  code: string;
  name: string;
  beds: string;
  max_adults: number;
  max_children: number;
  max_occupancy: number;
  size_m2: number;
  amenities: string[];
  /** Rooms for sale each night, unless an allotment says otherwise. */
  rooms: number;
  /** This room's price relative to the rate plan's base (1 = base). */
  price_factor: number;
  /** Optional: the room described in English. */
  description?: string;
  /** Optional: the room described in other languages, by ISO 639-1 code (`de`, `fr`, `es`…). */
  descriptions?: Record<string, string>;
}

export interface RatePlanRecord {
  code: string;
  name: string;
  board: Board;
  currency: string;
  base_amount: number;
  standard_adults: number;
  extra_adult_percent: number;
  seasons: Season[];
  weekday_percents: number[];
  child_bands: ChildBand[];
  taxes: { vat_percent_included: number; city_tax_per_person_night: number };
  cancellation: CancellationPolicy;
  min_stay: number;
  closed_to_arrival: string;
  /** `pay_now` (the default): paid when booked; `pay_at_hotel`: the guest pays the hotel. */
  payment?: PaymentType;
}

export const PAYMENT_TYPES = ['pay_now', 'pay_at_hotel'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export interface HotelRecord {
  /** The operator's own code: the natural key of the hotel. */
  code: string;
  name: string;
  city_id: string;
  chain: string | null;
  stars: number;
  address: string;
  latitude: number;
  longitude: number;
  check_in_time: string;
  check_out_time: string;
  /** Optional: no description is an empty one. English. */
  description?: string;
  /** Optional: the description in other languages, by ISO 639-1 code (`de`, `fr`, `es`…). */
  descriptions?: Record<string, string>;
  amenities: string[];
  images: string[];
  policies: Record<string, unknown>;
  active: boolean;
  room_types: RoomTypeRecord[];
  rate_plans: RatePlanRecord[];
  /**
   * Optional: guests' reviews of stays sold elsewhere, published with the hotel (replacing those of the
   * last import; reviews written here stay). Left out, the imported reviews are kept as they are.
   */
  reviews?: ReviewRecord[];
}

export interface ReviewRecord {
  /** 1 to 10. */
  score: number;
  title?: string;
  text: string;
  /** ISO 639-1. */
  language: string;
  /** As shown: `Ada L.` */
  author: string;
  /** The month of the stay, `2026-08`. */
  stayed_in: string;
}

export interface AllotmentRecord {
  hotel_code: string;
  room_type: string;
  from: string;
  to: string;
  rooms?: number | null;
  closed?: boolean;
  closed_to_arrival?: boolean;
}

export interface HotelFile {
  hotels: HotelRecord[];
  allotments?: AllotmentRecord[];
}

/** What a rate plan includes to eat. */
export const BOARDS = [
  'room_only',
  'bed_and_breakfast',
  'half_board',
  'full_board',
  'all_inclusive',
] as const;
export type Board = (typeof BOARDS)[number];
