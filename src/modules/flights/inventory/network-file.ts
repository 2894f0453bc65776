import type { ExtraBagTerms } from './bag-rules.ts';
import type { Cabin } from './cabins.ts';
import type { FarePricing } from './fare-calendar.ts';
import type { AircraftLayout } from './seat-layout.ts';
import type { SeatFees } from './seat-rules.ts';

/** The documented import format for schedules, fares and seat maps (docs/flight-import.md). */
export interface ScheduleRecord {
  carrier: string;
  flight_number: number;
  origin: string;
  destination: string;
  /** Local time at the origin, `HH:MM`. */
  departure_time: string;
  duration_minutes: number;
  /** ISO weekdays, `1` Monday … `7` Sunday, e.g. `1234567`. */
  days_of_week: string;
  valid_from: string;
  valid_to: string;
  aircraft: string;
  capacity: Partial<Record<Cabin, number>>;
}

export interface FareRecord {
  carrier: string;
  origin: string;
  destination: string;
  cabin: Cabin;
  brand: string;
  currency: string;
  adult: number;
  child: number;
  infant: number;
  tax: number;
  infant_tax: number;
  checked_bags: number;
  cabin_bags: number;
  change: { allowed: boolean; penalty: number };
  refund: { allowed: boolean; penalty: number };
  /** What choosing a seat costs; free when left out. */
  seat_fees?: SeatFees;
  /** An extra checked bag, per passenger per slice: its price and how many may be bought; none when left out. */
  extra_bags?: ExtraBagTerms;
  /** How the fare moves with the calendar: by advance purchase, weekday and season; as filed when left out. */
  pricing?: FarePricing;
}

export interface NetworkFile {
  schedules: ScheduleRecord[];
  fares: FareRecord[];
  /** Seat layouts by aircraft type; an aircraft imported again has its layout replaced. */
  seat_maps?: AircraftLayout[];
}

export { CABINS, type Cabin } from './cabins.ts';
