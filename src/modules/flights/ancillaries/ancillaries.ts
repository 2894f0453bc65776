import type { ExtraBagTerms } from '../inventory/bag-rules.ts';
import type { SeatFees } from '../inventory/seat-rules.ts';

/** A seat held by one passenger on one flight of the booking. */
export interface SeatService {
  id: string;
  type: 'seat';
  passenger_id: string;
  slice: number;
  segment: number;
  flight_id: string;
  departure_date: string;
  designator: string;
  /** What it cost, in the booking's currency (minor units). */
  amount: number;
  added_at: string;
}

/** Extra checked bags for one passenger on one slice, beyond the fare's allowance. */
export interface BagService {
  id: string;
  type: 'checked_bag';
  passenger_id: string;
  slice: number;
  quantity: number;
  amount: number;
  added_at: string;
}

export type FlightService = SeatService | BagService;

/** What the ticketed fares charge for services, kept with the booking so later purchases pay the same. */
export interface ServiceTerms {
  /** Per slice, per flight: what choosing a seat costs. */
  seat_fees: SeatFees[][];
  /** Per slice: an extra bag's price and allowance, or null when none is sold. */
  extra_bags: Array<ExtraBagTerms | null>;
}

/** What the services cost together. */
export const servicesAmount = (services: readonly FlightService[]) =>
  services.reduce((n, s) => n + s.amount, 0);
