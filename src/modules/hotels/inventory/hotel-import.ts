import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion } from '../../../db/versioned-cache.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import { addDays, daysBetween } from '../../../shared/calendar.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { encodeAmenities, encodeHotelContent, encodeRatePlanRules } from './hotel-content-codec.ts';
import { assertHotelFile } from './hotel-validation.ts';
import type {
  HotelRow,
  HotelsRepository,
  OverrideRow,
  RatePlanRow,
  RoomTypeRow,
} from './hotels-repository.ts';

export interface HotelImportResult {
  hotels: number;
  room_types: number;
  rate_plans: number;
  allotment_nights: number;
}

/**
 * Imports hotel content, rates and allotments in one transaction: all of the file or nothing. Hotels
 * match on their code, room types and rate plans on (hotel, code), so a corrected file updates.
 */
export function createHotelImporter(deps: {
  db: Kysely<Database>;
  hotels: HotelsRepository;
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
}) {
  return async function importHotels(
    file: unknown,
    onProgress?: (done: number, total: number) => void,
  ): Promise<HotelImportResult> {
    assertHotelFile(file, deps.catalogue);
    const now = deps.clock.now().toISOString();
    const total = file.hotels.length;
    let done = 0;
    let roomTypes = 0;
    let ratePlans = 0;
    let nights = 0;
    await deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < file.hotels.length; i += 500) {
        const batch = file.hotels.slice(i, i + 500);
        const hotelRows: HotelRow[] = batch.map((h) => ({
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
          description: h.description,
          ...encodeHotelContent(h),
          active: h.active === false ? 0 : 1,
          created_at: now,
          updated_at: now,
        }));
        const hotelIds = await deps.hotels.upsertHotels(trx, hotelRows);
        const rooms: RoomTypeRow[] = batch.flatMap((h) =>
          h.room_types.map((r) => ({
            id: deps.ids.next('rmt'),
            hotel_id: hotelIds.get(h.code)!,
            code: r.code,
            name: r.name,
            beds: r.beds,
            max_adults: r.max_adults,
            max_children: r.max_children,
            max_occupancy: r.max_occupancy,
            size_m2: r.size_m2,
            amenities: encodeAmenities(r.amenities),
            rooms: r.rooms,
            price_factor: r.price_factor,
          })),
        );
        const plans: RatePlanRow[] = batch.flatMap((h) =>
          h.rate_plans.map((r) => ({
            id: deps.ids.next('rpl'),
            hotel_id: hotelIds.get(h.code)!,
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
          })),
        );
        const roomIds = await deps.hotels.upsertRoomTypes(trx, rooms);
        await deps.hotels.upsertRatePlans(trx, plans);
        roomTypes += rooms.length;
        ratePlans += plans.length;
        const codes = new Set(batch.map((h) => h.code));
        const overrides: OverrideRow[] = (file.allotments ?? [])
          .filter((a) => codes.has(a.hotel_code))
          .flatMap((a) => {
            const roomTypeId = roomIds.get(`${hotelIds.get(a.hotel_code)}|${a.room_type}`)!;
            return Array.from({ length: daysBetween(a.from, a.to) + 1 }, (_, d) => ({
              room_type_id: roomTypeId,
              night: addDays(a.from, d),
              rooms: a.rooms ?? null,
              closed: a.closed ? 1 : 0,
              closed_to_arrival: a.closed_to_arrival ? 1 : 0,
            }));
          });
        // Allotment records of one file may overlap; for a night set twice the later record wins.
        const byNight = new Map(overrides.map((o) => [`${o.room_type_id}|${o.night}`, o]));
        await deps.hotels.upsertOverrides(trx, [...byNight.values()]);
        nights += byNight.size;
        done += batch.length;
        onProgress?.(done, total);
      }
      await bumpVersion(trx, 'hotels');
    });
    return { hotels: total, room_types: roomTypes, rate_plans: ratePlans, allotment_nights: nights };
  };
}

export type HotelImporter = ReturnType<typeof createHotelImporter>;
