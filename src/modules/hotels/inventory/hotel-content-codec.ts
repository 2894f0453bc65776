import type { RatePlanRules, RoomRules } from './hotel-rates.ts';
import type { HotelRow, RatePlanRow, RoomTypeRow } from './hotels-repository.ts';

/*
 * The hotel content tables keep lists and rules as JSON text; this file is the one place that reads it.
 */

/**
 * Shares equal strings and equal parsed JSON between rows. Hundreds of thousands of rate plans and
 * room types repeat a few seasons, policies, names and amenity lists; shared, they cost memory once.
 */
export class Interner {
  private readonly strings = new Map<string, string>();
  private readonly parsed = new Map<string, unknown>();
  string<T extends string | null>(value: T): T {
    if (value === null) return value;
    const known = this.strings.get(value);
    if (known !== undefined) return known as T;
    this.strings.set(value, value);
    return value;
  }
  json<T>(text: string): T {
    if (this.parsed.has(text)) return this.parsed.get(text) as T;
    const value = JSON.parse(text) as T;
    this.parsed.set(text, value);
    return value;
  }
}

export interface IndexedRoomType extends RoomRules {
  id: string;
  code: string;
  name: string;
  beds: string;
  size_m2: number;
  amenities: string[];
  rooms: number;
}

export interface IndexedRatePlan extends RatePlanRules {
  id: string;
  code: string;
  name: string;
  board: RatePlanRow['board'];
  payment_type: RatePlanRow['payment_type'];
}

/** A room type row with its JSON parsed (equal values shared through `i`). */
export function decodeRoomType(r: RoomTypeRow, i: Interner = new Interner()): IndexedRoomType {
  return {
    id: r.id,
    code: i.string(r.code),
    name: i.string(r.name),
    beds: i.string(r.beds),
    size_m2: r.size_m2,
    amenities: i.json<string[]>(r.amenities),
    rooms: r.rooms,
    max_adults: r.max_adults,
    max_children: r.max_children,
    max_occupancy: r.max_occupancy,
    price_factor: r.price_factor,
  };
}

/** A rate plan row with its JSON parsed (equal values shared through `i`). */
export function decodeRatePlan(p: RatePlanRow, i: Interner = new Interner()): IndexedRatePlan {
  return {
    id: p.id,
    code: i.string(p.code),
    name: i.string(p.name),
    board: i.string(p.board),
    currency: i.string(p.currency),
    base_amount: p.base_amount,
    standard_adults: p.standard_adults,
    extra_adult_percent: p.extra_adult_percent,
    seasons: i.json(p.seasons),
    weekday_percents: i.json(p.weekday_percents),
    child_bands: i.json(p.child_bands),
    taxes: i.json(p.taxes),
    cancellation: i.json(p.cancellation),
    min_stay: p.min_stay,
    closed_to_arrival: i.string(p.closed_to_arrival),
    payment_type: p.payment_type,
  };
}

export const decodeImages = (text: string) => JSON.parse(text) as string[];
export const decodeAmenities = (text: string) => JSON.parse(text) as string[];

/** A hotel's lists and policies, for its details page. */
export function decodeHotelContent(h: Pick<HotelRow, 'amenities' | 'images' | 'policies'>) {
  return {
    amenities: JSON.parse(h.amenities) as string[],
    images: decodeImages(h.images),
    policies: JSON.parse(h.policies) as Record<string, unknown>,
  };
}

/** A hotel's lists and policies as stored. */
export function encodeHotelContent(h: {
  amenities: string[];
  images: string[];
  policies?: object | undefined;
}) {
  return {
    amenities: JSON.stringify(h.amenities),
    images: JSON.stringify(h.images),
    policies: JSON.stringify(h.policies ?? {}),
  };
}

export const encodeAmenities = (amenities: string[]) => JSON.stringify(amenities);

/** A rate plan's rules as stored. */
export function encodeRatePlanRules(
  r: Pick<RatePlanRules, 'child_bands' | 'taxes' | 'cancellation'> & {
    weekday_percents: readonly number[];
    seasons?: RatePlanRules['seasons'] | undefined;
  },
) {
  return {
    seasons: JSON.stringify(r.seasons ?? []),
    weekday_percents: JSON.stringify(r.weekday_percents),
    child_bands: JSON.stringify(r.child_bands),
    taxes: JSON.stringify(r.taxes),
    cancellation: JSON.stringify(r.cancellation),
  };
}
