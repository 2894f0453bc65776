import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion } from '../../../db/versioned-cache.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { HotelRecord } from './hotel-file.ts';
import { createReviewScores } from './hotel-review-scores.ts';
import { hotelRow, overrideRows, ratePlanRow, roomTypeRow } from './hotel-rows.ts';
import { assertHotelFile } from './hotel-validation.ts';
import type { HotelsRepository } from './hotels-repository.ts';

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
  audit: Pick<AuditLog, 'record'>;
}) {
  const scores = createReviewScores();
  /** A hotel's reviews from the file, published, in the order written (the newest listed first). */
  const importedReviews = (h: HotelRecord, hotelId: string) =>
    [...(h.reviews ?? [])]
      .sort((a, b) => a.stayed_in.localeCompare(b.stayed_in))
      .map((r) => ({
        id: deps.ids.ordered('hrv'),
        booking_id: null,
        source: 'imported' as const,
        hotel_id: hotelId,
        user_id: 'imported',
        score: r.score,
        title: r.title ?? null,
        text: r.text,
        language: r.language,
        author: r.author,
        stayed_in: r.stayed_in,
        status: 'published' as const,
        rejection_reason: null,
        created_at: deps.clock.now().toISOString(),
        moderated_at: null,
        moderated_by: null,
      }));
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
      const changed: string[] = [];
      for (let i = 0; i < file.hotels.length; i += 500) {
        const batch = file.hotels.slice(i, i + 500);
        const hotelRows = batch.map((h) => hotelRow(h, deps, now));
        const hotelIds = await deps.hotels.upsertHotels(trx, hotelRows);
        changed.push(...hotelIds.values());
        const rooms = batch.flatMap((h) =>
          h.room_types.map((r) => roomTypeRow(r, hotelIds.get(h.code)!, deps.ids)),
        );
        const plans = batch.flatMap((h) =>
          h.rate_plans.map((r) => ratePlanRow(r, hotelIds.get(h.code)!, deps.ids)),
        );
        const roomIds = await deps.hotels.upsertRoomTypes(trx, rooms);
        await deps.hotels.upsertRatePlans(trx, plans);
        roomTypes += rooms.length;
        ratePlans += plans.length;
        const codes = new Set(batch.map((h) => h.code));
        const overrides = overrideRows(
          (file.allotments ?? []).filter((a) => codes.has(a.hotel_code)),
          (a) => roomIds.get(`${hotelIds.get(a.hotel_code)}|${a.room_type}`)!,
        );
        await deps.hotels.upsertOverrides(trx, overrides);
        nights += overrides.length;
        for (const h of batch)
          if (h.reviews)
            await scores.replaceImported(
              trx,
              hotelIds.get(h.code)!,
              importedReviews(h, hotelIds.get(h.code)!),
            );
        done += batch.length;
        onProgress?.(done, total);
      }
      await bumpVersion(trx, 'hotels', changed);
      await deps.audit.record(
        {
          action: 'hotels.imported',
          after: { hotels: total, room_types: roomTypes, rate_plans: ratePlans, allotment_nights: nights },
        },
        trx,
      );
    });
    return { hotels: total, room_types: roomTypes, rate_plans: ratePlans, allotment_nights: nights };
  };
}

export type HotelImporter = ReturnType<typeof createHotelImporter>;
