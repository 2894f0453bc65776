import type { IdGenerator } from '../../../ports/ids.ts';
import { addDays, daysBetween } from '../../../shared/calendar.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { encodeAmenities, encodeHotelContent, encodeRatePlanRules } from './hotel-content-codec.ts';
import type { AllotmentRecord, HotelRecord, RatePlanRecord, RoomTypeRecord } from './hotel-file.ts';
import type { NewHotelRow, OverrideRow, RatePlanRow, RoomTypeRow } from './hotels-repository.ts';

/*
 * Records of the import formats (JSON and CSV) as table rows, one builder per table.
 */

export function hotelRow(
  h: Omit<HotelRecord, 'room_types' | 'rate_plans'>,
  deps: { ids: IdGenerator; catalogue: Catalogue },
  now: string,
): NewHotelRow {
  return {
    id: deps.ids.next('htl'),
    code: h.code,
    name: h.name.trim(),
    city_id: h.city_id,
    chain: h.chain ?? null,
    stars: h.stars,
    address: h.address,
    latitude: h.latitude,
    longitude: h.longitude,
    time_zone: deps.catalogue.cityById.get(h.city_id)!.time_zone,
    check_in_time: h.check_in_time,
    check_out_time: h.check_out_time,
    description: h.description ?? '',
    descriptions: JSON.stringify(h.descriptions ?? {}),
    ...encodeHotelContent(h),
    active: h.active === false ? 0 : 1,
    created_at: now,
    updated_at: now,
  };
}

export function roomTypeRow(r: RoomTypeRecord, hotelId: string, ids: IdGenerator): RoomTypeRow {
  return {
    id: ids.next('rmt'),
    hotel_id: hotelId,
    code: r.code,
    name: r.name,
    beds: r.beds,
    max_adults: r.max_adults,
    max_children: r.max_children,
    max_occupancy: r.max_occupancy,
    size_m2: r.size_m2,
    amenities: encodeAmenities(r.amenities),
    descriptions: JSON.stringify({ ...(r.description ? { en: r.description } : {}), ...r.descriptions }),
    rooms: r.rooms,
    price_factor: r.price_factor,
  };
}

export function ratePlanRow(r: RatePlanRecord, hotelId: string, ids: IdGenerator): RatePlanRow {
  return {
    id: ids.next('rpl'),
    hotel_id: hotelId,
    code: r.code,
    name: r.name,
    board: r.board,
    currency: r.currency,
    base_amount: r.base_amount,
    standard_adults: r.standard_adults,
    extra_adult_percent: r.extra_adult_percent,
    ...encodeRatePlanRules(r),
    min_stay: r.min_stay,
    closed_to_arrival: r.closed_to_arrival,
    payment_type: r.payment ?? 'pay_now',
  };
}

/**
 * Allotment records as one row per room type and night; records of one file may overlap, and for a
 * night set twice the later record wins.
 */
export function overrideRows(
  allotments: readonly AllotmentRecord[],
  roomTypeId: (a: AllotmentRecord) => string,
): OverrideRow[] {
  const byNight = new Map<string, OverrideRow>();
  for (const a of allotments) {
    const id = roomTypeId(a);
    for (let d = 0; d <= daysBetween(a.from, a.to); d++) {
      const night = addDays(a.from, d);
      byNight.set(`${id}|${night}`, {
        room_type_id: id,
        night,
        rooms: a.rooms ?? null,
        closed: a.closed ? 1 : 0,
        closed_to_arrival: a.closed_to_arrival ? 1 : 0,
      });
    }
  }
  return [...byNight.values()];
}
