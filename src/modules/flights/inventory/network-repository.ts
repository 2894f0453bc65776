import type { Kysely, Selectable } from 'kysely';
import { chunks } from '../../../db/chunks.ts';
import type { Database, FaresTable, FlightSchedulesTable } from '../../../db/tables.ts';

import { createFlightChangesRepository } from './flight-changes-repository.ts';

import type { AircraftLayout } from './seat-layout.ts';

export type ScheduleRow = Selectable<FlightSchedulesTable>;
export type FareRow = Selectable<FaresTable>;
/** What the search index reads of a fare: all but its id and timestamps. */
export type FareIndexRow = Omit<FareRow, 'id' | 'created_at' | 'updated_at'>;
/** A carrier's route, whose fares in every cabin and brand the search index reads together. */
export interface FareRoute {
  carrier: string;
  origin: string;
  destination: string;
}
/** Routes asked for in one query (three parameters each). */
const ROUTES_PER_QUERY = 300;
const FARE_INDEX_COLUMNS = [
  'carrier',
  'origin',
  'destination',
  'cabin',
  'brand',
  'currency',
  'adult_amount',
  'child_amount',
  'infant_amount',
  'tax_amount',
  'infant_tax_amount',
  'checked_bags',
  'cabin_bags',
  'changeable',
  'change_penalty',
  'refundable',
  'refund_penalty',
  'seat_fee_standard',
  'seat_fee_preferred',
  'extra_bag_fee',
  'extra_bag_max',
  'pricing',
] as const;
/** A schedule's natural key: an import matches the rows it updates on it. */
export const scheduleKey = (s: Pick<ScheduleRow, 'carrier' | 'flight_number' | 'origin' | 'valid_from'>) =>
  `${s.carrier}|${s.flight_number}|${s.origin}|${s.valid_from}`;

/** Schedules, fares and seat layouts: what operators sell; their changes to dated flights beside them. */
export function createNetworkRepository(db: Kysely<Database>) {
  return {
    ...createFlightChangesRepository(db),
    /**
     * The schedules already stored, by natural key (carrier, flight number, origin, first date), with what
     * an import may change of them: their times, days and last date.
     */
    async storedSchedules(trx: Kysely<Database>): Promise<Map<string, ScheduleRow>> {
      const rows = await trx.selectFrom('flight_schedules').selectAll().execute();
      return new Map(rows.map((r) => [scheduleKey(r), r]));
    },

    async upsertSchedules(
      trx: Kysely<Database>,
      rows: ScheduleRow[],
      onChunk?: (n: number) => void | Promise<void>,
    ): Promise<void> {
      for (const chunk of chunks(rows)) {
        await trx
          .insertInto('flight_schedules')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['carrier', 'flight_number', 'origin', 'valid_from']).doUpdateSet((eb) => ({
              destination: eb.ref('excluded.destination'),
              departure_time: eb.ref('excluded.departure_time'),
              duration_minutes: eb.ref('excluded.duration_minutes'),
              days_of_week: eb.ref('excluded.days_of_week'),
              valid_to: eb.ref('excluded.valid_to'),
              aircraft: eb.ref('excluded.aircraft'),
              capacity_economy: eb.ref('excluded.capacity_economy'),
              capacity_premium_economy: eb.ref('excluded.capacity_premium_economy'),
              capacity_business: eb.ref('excluded.capacity_business'),
              capacity_first: eb.ref('excluded.capacity_first'),
              status: eb.ref('excluded.status'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
        await onChunk?.(chunk.length);
      }
    },

    async upsertFares(
      trx: Kysely<Database>,
      rows: FareRow[],
      onChunk?: (n: number) => void | Promise<void>,
    ): Promise<void> {
      for (const chunk of chunks(rows)) {
        await trx
          .insertInto('fares')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['carrier', 'origin', 'destination', 'cabin', 'brand']).doUpdateSet((eb) => ({
              currency: eb.ref('excluded.currency'),
              adult_amount: eb.ref('excluded.adult_amount'),
              child_amount: eb.ref('excluded.child_amount'),
              infant_amount: eb.ref('excluded.infant_amount'),
              tax_amount: eb.ref('excluded.tax_amount'),
              infant_tax_amount: eb.ref('excluded.infant_tax_amount'),
              checked_bags: eb.ref('excluded.checked_bags'),
              cabin_bags: eb.ref('excluded.cabin_bags'),
              changeable: eb.ref('excluded.changeable'),
              change_penalty: eb.ref('excluded.change_penalty'),
              refundable: eb.ref('excluded.refundable'),
              refund_penalty: eb.ref('excluded.refund_penalty'),
              seat_fee_standard: eb.ref('excluded.seat_fee_standard'),
              seat_fee_preferred: eb.ref('excluded.seat_fee_preferred'),
              extra_bag_fee: eb.ref('excluded.extra_bag_fee'),
              extra_bag_max: eb.ref('excluded.extra_bag_max'),
              pricing: eb.ref('excluded.pricing'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
        await onChunk?.(chunk.length);
      }
    },

    /** Replaces the layouts of the aircraft types given; others stay. */
    async upsertSeatLayouts(
      trx: Kysely<Database>,
      layouts: readonly AircraftLayout[],
      now: string,
    ): Promise<void> {
      for (const layout of layouts) {
        await trx
          .insertInto('seat_layouts')
          .values({ aircraft: layout.aircraft, cabins: JSON.stringify(layout.cabins), updated_at: now })
          .onConflict((oc) =>
            oc.column('aircraft').doUpdateSet((eb) => ({
              cabins: eb.ref('excluded.cabins'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
    },
    async listSeatLayouts(): Promise<AircraftLayout[]> {
      const rows = await db.selectFrom('seat_layouts').select(['aircraft', 'cabins']).execute();
      return rows.map((r) => ({
        aircraft: r.aircraft,
        cabins: JSON.parse(r.cabins) as AircraftLayout['cabins'],
      }));
    },
    /**
     * The active schedules a page at a time, in the order of their natural key (carrier, flight number,
     * origin, start of validity): the network's schedule order, so equal offers come in the same order
     * whatever the engine or the history of the rows. A caller building an index from a world's worth
     * yields between pages, and no single read holds the event loop (SQLite reads synchronously).
     */
    async *activeSchedulePages(size = 5_000): AsyncGenerator<ScheduleRow[]> {
      let after: ScheduleRow | undefined;
      for (;;) {
        const last = after;
        const page = await db
          .selectFrom('flight_schedules')
          .selectAll()
          .where('status', '=', 'active')
          .$if(last !== undefined, (q) =>
            q.where((eb) =>
              eb(
                eb.refTuple('carrier', 'flight_number', 'origin', 'valid_from'),
                '>',
                eb.tuple(last!.carrier, last!.flight_number, last!.origin, last!.valid_from),
              ),
            ),
          )
          .orderBy('carrier')
          .orderBy('flight_number')
          .orderBy('origin')
          .orderBy('valid_from')
          .limit(size)
          .execute();
        if (page.length > 0) yield page;
        if (page.length < size) return;
        after = page[page.length - 1];
      }
    },
    findSchedule(id: string): Promise<ScheduleRow | undefined> {
      return db.selectFrom('flight_schedules').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The fares of carriers' routes (every cabin and brand), for the search index as it needs them. */
    async faresOfRoutes(routes: readonly FareRoute[]): Promise<FareIndexRow[]> {
      const rows: FareIndexRow[] = [];
      for (let i = 0; i < routes.length; i += ROUTES_PER_QUERY) {
        const chunk = routes.slice(i, i + ROUTES_PER_QUERY);
        rows.push(
          ...(await db
            .selectFrom('fares')
            .select(FARE_INDEX_COLUMNS)
            .where((eb) =>
              eb(
                eb.refTuple('carrier', 'origin', 'destination'),
                'in',
                chunk.map((r) => eb.tuple(r.carrier, r.origin, r.destination)),
              ),
            )
            .orderBy('carrier')
            .orderBy('origin')
            .orderBy('destination')
            .orderBy('cabin')
            .orderBy('brand')
            .execute()),
        );
      }
      return rows;
    },
    async withdrawSchedule(trx: Kysely<Database>, id: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('flight_schedules')
        .set({ status: 'withdrawn', updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteFare(
      trx: Kysely<Database>,
      key: Pick<FareRow, 'carrier' | 'origin' | 'destination' | 'cabin' | 'brand'>,
    ): Promise<boolean> {
      const result = await trx
        .deleteFrom('fares')
        .where('carrier', '=', key.carrier)
        .where('origin', '=', key.origin)
        .where('destination', '=', key.destination)
        .where('cabin', '=', key.cabin)
        .where('brand', '=', key.brand)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async countSchedules(): Promise<number> {
      const row = await db
        .selectFrom('flight_schedules')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
