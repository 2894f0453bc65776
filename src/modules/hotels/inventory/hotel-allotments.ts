import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { AppError, invalidField } from '../../../http/app-error.ts';
import { daysBetween } from '../../../shared/calendar.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { HotelsRepository } from './hotels-repository.ts';
import { nightsOf } from './stays.ts';

export interface SetAllotmentInput {
  hotel_id: string;
  room_type: string;
  from: string;
  to: string;
  rooms?: number | null | undefined;
  closed?: boolean | undefined;
  closed_to_arrival?: boolean | undefined;
}

const MAX_NIGHTS = 400;

/**
 * Sets the rooms for sale (and stop-sell flags) of one room type over a range of nights, inclusive.
 * `rooms: null` goes back to the room type's default. Allotment below what is already sold is
 * allowed; search then shows none left. Every process sees it on its next search.
 */
export function createAllotments(deps: {
  db: Kysely<Database>;
  hotels: HotelsRepository;
  audit: Pick<AuditLog, 'record'>;
}) {
  return async function setAllotment(input: SetAllotmentInput) {
    if (input.to < input.from || daysBetween(input.from, input.to) >= MAX_NIGHTS)
      throw invalidField('/to', `must be on or after from, at most ${MAX_NIGHTS} nights`);
    const roomType = (await deps.hotels.roomTypesOf(input.hotel_id)).find((r) => r.code === input.room_type);
    if (!roomType)
      throw new AppError('NOT_FOUND', `Hotel ${input.hotel_id} has no room type ${input.room_type}`);
    const nights = [...nightsOf(input.from, input.to), input.to];
    // Searches read allotment from the database on every request, so the content index is not rebuilt.
    await deps.db.transaction().execute(async (trx) => {
      await deps.hotels.upsertOverrides(
        trx,
        nights.map((night) => ({
          room_type_id: roomType.id,
          night,
          rooms: input.rooms ?? null,
          closed: input.closed ? 1 : 0,
          closed_to_arrival: input.closed_to_arrival ? 1 : 0,
        })),
      );
      await deps.audit.record(
        {
          action: 'allotment.set',
          target: { type: 'hotel', id: input.hotel_id },
          after: { ...input, nights: nights.length },
        },
        trx,
      );
    });
    return { hotel_id: input.hotel_id, room_type: input.room_type, nights: nights.length };
  };
}
