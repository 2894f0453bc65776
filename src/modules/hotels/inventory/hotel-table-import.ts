import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion } from '../../../db/versioned-cache.ts';
import { invalidLines } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import type { ImportProblem, LineProblem } from '../../../shared/import-problems.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { type HotelTable, parseHotelTable } from './hotel-csv.ts';
import type { HotelFile } from './hotel-file.ts';
import { hotelRow, overrideRows, ratePlanRow, roomTypeRow } from './hotel-rows.ts';
import { validateHotels } from './hotel-validation.ts';
import type { HotelsRepository } from './hotels-repository.ts';

export interface HotelTableResult {
  table: HotelTable;
  rows: number;
  hotels: number;
  room_types: number;
  rate_plans: number;
  allotment_nights: number;
}

type Keys = Awaited<ReturnType<HotelsRepository['hotelKeys']>>;

/** Rows of one table grouped by their hotel, each row's place kept to find its line again. */
function byHotel<T extends { hotel_code: string }>(records: readonly T[]) {
  const groups = new Map<string, { rows: T[]; at: number[] }>();
  records.forEach((r, i) => {
    const group = groups.get(r.hotel_code) ?? { rows: [], at: [] };
    group.rows.push(r);
    group.at.push(i);
    groups.set(r.hotel_code, group);
  });
  return [...groups.entries()];
}

/**
 * The JSON import's problems that concern the rows of this table, on their lines: the file is built
 * from the rows (and the hotels they belong to), checked by the same rules, and the problems found
 * elsewhere in it (the parts this table does not carry) are left aside.
 */
function onLines(
  problems: readonly ImportProblem[],
  pattern: RegExp,
  lineOf: (match: RegExpExecArray) => number,
): LineProblem[] {
  return problems.flatMap((p) => {
    const m = pattern.exec(p.pointer);
    return m ? [{ line: lineOf(m), detail: `${m.at(-1) ?? ''} ${p.detail}`.trim() }] : [];
  });
}

/**
 * Imports one of the hotel CSV tables (hotels, room types, rate plans or allotments) by the rules of the
 * JSON import: rows match on the hotel's code and, within it, the room type's or rate plan's code, so a
 * corrected file updates. Room types, rate plans and allotments belong to hotels already imported. All of
 * the file or nothing, every problem with its line.
 */
export function createHotelTableImport(deps: {
  db: Kysely<Database>;
  hotels: HotelsRepository;
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
  audit: Pick<AuditLog, 'record'>;
}) {
  function unknownHotels(records: ReadonlyArray<{ hotel_code: string }>, lines: number[], keys: Keys) {
    return records.flatMap((r, i) =>
      keys.has(r.hotel_code)
        ? []
        : [
            {
              line: lines[i]!,
              detail: `hotel_code ${JSON.stringify(r.hotel_code)} is no hotel yet: import it first`,
            },
          ],
    );
  }

  return async function importHotelTable(text: string): Promise<HotelTableResult> {
    const parsed = parseHotelTable(text);
    const { lines } = parsed;
    const problems = [...parsed.problems];
    const codes = parsed.table === 'hotels' ? [] : parsed.records.map((r) => r.hotel_code);
    const keys = await deps.hotels.hotelKeys(deps.db, codes);
    const check = (file: unknown) => validateHotels(file as HotelFile, deps.catalogue);

    if (parsed.table === 'hotels') {
      const found = check({ hotels: parsed.records });
      problems.push(
        ...onLines(found, /^\/hotels\/(\d+)\/(?!room_types|rate_plans)(.*)$/, (m) => lines[Number(m[1])]!),
      );
    } else if (parsed.table === 'room_types' || parsed.table === 'rate_plans') {
      const list = parsed.table;
      const groups = byHotel<{ hotel_code: string }>(parsed.records);
      const found = check({
        hotels: groups.map(([code, g]) => ({ code, [list]: g.rows.map(({ hotel_code: _, ...r }) => r) })),
      });
      const pattern = new RegExp(`^/hotels/(\\d+)/${list}/(\\d+)(?:/(.*))?$`);
      problems.push(
        ...onLines(found, pattern, (m) => lines[groups[Number(m[1])]![1].at[Number(m[2])]!]!),
        ...unknownHotels(parsed.records, lines, keys),
      );
    } else {
      const hotels = [...keys].map(([code, k]) => ({
        code,
        room_types: [...k.roomTypes.keys()].map((c) => ({ code: c })),
      }));
      const found = check({ hotels, allotments: parsed.records });
      problems.push(
        ...onLines(
          found.filter((p) => !p.pointer.endsWith('/hotel_code')),
          /^\/allotments\/(\d+)(?:\/(.*))?$/,
          (m) => lines[Number(m[1])]!,
        ),
        ...unknownHotels(parsed.records, lines, keys),
      );
    }
    if (problems.length > 0)
      throw invalidLines(
        `The ${parsed.table} file`,
        problems.sort((a, b) => a.line - b.line),
      );

    const result: HotelTableResult = {
      table: parsed.table,
      rows: parsed.records.length,
      hotels: 0,
      room_types: 0,
      rate_plans: 0,
      allotment_nights: 0,
    };
    const now = deps.clock.now().toISOString();
    const hotelId = (code: string) => keys.get(code)!.id;
    await deps.db.transaction().execute(async (trx) => {
      let changed: string[] = [];
      if (parsed.table === 'hotels') {
        const ids = await deps.hotels.upsertHotels(
          trx,
          parsed.records.map((h) => hotelRow(h, deps, now)),
        );
        changed = [...ids.values()];
        result.hotels = parsed.records.length;
      } else if (parsed.table === 'room_types') {
        await deps.hotels.upsertRoomTypes(
          trx,
          parsed.records.map((r) => roomTypeRow(r, hotelId(r.hotel_code), deps.ids)),
        );
        result.room_types = parsed.records.length;
        changed = parsed.records.map((r) => hotelId(r.hotel_code));
      } else if (parsed.table === 'rate_plans') {
        await deps.hotels.upsertRatePlans(
          trx,
          parsed.records.map((r) => ratePlanRow(r, hotelId(r.hotel_code), deps.ids)),
        );
        result.rate_plans = parsed.records.length;
        changed = parsed.records.map((r) => hotelId(r.hotel_code));
      } else {
        const rows = overrideRows(parsed.records, (a) => keys.get(a.hotel_code)!.roomTypes.get(a.room_type)!);
        await deps.hotels.upsertOverrides(trx, rows);
        result.allotment_nights = rows.length;
      }
      // Allotment is read live by every search; content, rooms and rates are cached and reloaded.
      if (parsed.table !== 'allotments') await bumpVersion(trx, 'hotels', changed);
      await deps.audit.record({ action: 'hotels.imported', after: result }, trx);
    });
    return result;
  };
}

export type HotelTableImport = ReturnType<typeof createHotelTableImport>;
