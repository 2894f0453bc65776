import type { CancellationPolicy } from '../inventory/hotel-rates.ts';

/** The hotel as booked, kept with the booking so later content edits do not rewrite it. */
export interface StoredHotel {
  id: string;
  code: string;
  name: string;
  address: string;
  city_id: string;
  city_name: string;
  country_code: string;
  stars: number;
  time_zone: string;
  check_in_time: string;
  check_out_time: string;
}

export interface StoredHolder {
  given_name: string;
  family_name: string;
  email: string;
  phone: string;
}

/** A room's product and price as sold. */
export interface StoredRoomPrice {
  room_type: { id: string; code: string; name: string; beds: string };
  rate_plan: { id: string; code: string; name: string };
  board: string;
  currency: string;
  nightly: Array<{ date: string; amount: number }>;
  tax_included_amount: number;
  payable_at_hotel_amount: number;
  cancellation_policy: CancellationPolicy;
}
