import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion, EVERYTHING } from '../../../db/versioned-cache.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import { mapInTurns, yieldNow } from '../../../shared/yield-now.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { OversoldFlight } from './flight-changes-repository.ts';
import { fareRouteKey } from './network-cache.ts';
import { type FareRow, type NetworkRepository, type ScheduleRow, scheduleKey } from './network-repository.ts';
import { assertNetworkFileInTurns } from './network-validation.ts';

export interface ImportResult {
  schedules: number;
  fares: number;
  seat_maps: number;
  /** Flights from today on that now hold more seats sold than their new capacity (at most 100 listed). */
  oversold: OversoldFlight[];
  /** References of bookings on flights the file moved to another time (now `schedule_changed`). */
  changed_bookings: string[];
  /** References of bookings on dates the file no longer flies (now `disrupted`). */
  disrupted_bookings: string[];
}

/** A stored schedule whose times, days or dates an import changed: as it was, and as it is now. */
export interface ScheduleChange {
  before: ScheduleRow;
  after: ScheduleRow;
}

/** What the bookings on changed schedules become, in the import's transaction. */
export type OnScheduleChanges = (
  trx: Kysely<Database>,
  changes: ScheduleChange[],
  now: string,
) => Promise<{ changed_bookings: string[]; disrupted_bookings: string[] }>;

/** The stored schedules the import changes in a way bookings must hear of: another time, or fewer dates. */
function changesOf(
  stored: ReadonlyMap<string, ScheduleRow>,
  incoming: readonly ScheduleRow[],
): ScheduleChange[] {
  const changes: ScheduleChange[] = [];
  for (const row of incoming) {
    const before = stored.get(scheduleKey(row));
    if (before?.status !== 'active') continue;
    const after = { ...row, id: before.id };
    const moved =
      before.departure_time !== after.departure_time || before.duration_minutes !== after.duration_minutes;
    const fewerDates =
      after.valid_to < before.valid_to ||
      [...before.days_of_week].some((d) => !after.days_of_week.includes(d));
    if (moved || fewerDates) changes.push({ before, after });
  }
  return changes;
}

/**
 * Imports schedules and fares in one transaction: all of the file or nothing. Rows are matched on
 * their natural keys (carrier, flight number, origin and period; carrier, route, cabin and brand), so
 * importing a corrected file updates rather than duplicates. Operators, the demo generator and the
 * admin API all come through here.
 */
export function createNetworkImporter(deps: {
  db: Kysely<Database>;
  network: NetworkRepository;
  catalogue: Catalogue;
  clock: Clock;
  ids: IdGenerator;
  /** Tells the bookings on schedules the import moved or shortened (none: nobody is told). */
  onScheduleChanges?: OnScheduleChanges;
  audit: Pick<AuditLog, 'record'>;
}) {
  return async function importNetwork(
    input: unknown,
    onProgress?: (done: number, total: number) => void,
  ): Promise<ImportResult> {
    const file = await assertNetworkFileInTurns(input, deps.catalogue);
    const now = deps.clock.now().toISOString();
    const schedules: ScheduleRow[] = await mapInTurns(file.schedules, (s) => ({
      id: deps.ids.next('sch'),
      carrier: s.carrier,
      flight_number: s.flight_number,
      origin: s.origin,
      destination: s.destination,
      departure_time: s.departure_time,
      duration_minutes: s.duration_minutes,
      days_of_week: [...new Set(s.days_of_week)].sort().join(''),
      valid_from: s.valid_from,
      valid_to: s.valid_to,
      aircraft: s.aircraft,
      capacity_economy: s.capacity.economy ?? 0,
      capacity_premium_economy: s.capacity.premium_economy ?? 0,
      capacity_business: s.capacity.business ?? 0,
      capacity_first: s.capacity.first ?? 0,
      status: 'active',
      created_at: now,
      updated_at: now,
    }));
    const fares: FareRow[] = await mapInTurns(file.fares, (f) => ({
      id: deps.ids.next('far'),
      carrier: f.carrier,
      origin: f.origin,
      destination: f.destination,
      cabin: f.cabin,
      brand: f.brand,
      currency: f.currency,
      adult_amount: f.adult,
      child_amount: f.child,
      infant_amount: f.infant,
      tax_amount: f.tax,
      infant_tax_amount: f.infant_tax,
      checked_bags: f.checked_bags,
      cabin_bags: f.cabin_bags,
      changeable: f.change.allowed ? 1 : 0,
      change_penalty: f.change.penalty,
      refundable: f.refund.allowed ? 1 : 0,
      refund_penalty: f.refund.penalty,
      seat_fee_standard: f.seat_fees ? f.seat_fees.standard : 0,
      seat_fee_preferred: f.seat_fees ? f.seat_fees.preferred : 0,
      extra_bag_fee: f.extra_bags?.amount ?? null,
      extra_bag_max: f.extra_bags?.max ?? 0,
      pricing: f.pricing ? JSON.stringify(f.pricing) : null,
      created_at: now,
      updated_at: now,
    }));
    const total = schedules.length + fares.length;
    let done = 0;
    // Each chunk written, the event loop reads sockets: live traffic keeps answering during a long import
    // (queries of other requests wait for the transaction's connection; liveness does not).
    const step = async (n: number) => {
      done += n;
      onProgress?.(done, total);
      await yieldNow();
    };
    const { oversold, told } = await deps.db.transaction().execute(async (trx) => {
      const stored = await deps.network.storedSchedules(trx);
      await deps.network.upsertSchedules(trx, schedules, step);
      await deps.network.upsertFares(trx, fares, step);
      await deps.network.upsertSeatLayouts(trx, file.seat_maps ?? [], now);
      // Fares alone are updated in place by every process; anything else rebuilds the network.
      const faresOnly = schedules.length === 0 && (file.seat_maps ?? []).length === 0;
      await bumpVersion(trx, 'network', faresOnly ? fares.map(fareRouteKey) : [EVERYTHING]);
      const changes = changesOf(stored, schedules);
      const told =
        changes.length > 0 && deps.onScheduleChanges
          ? await deps.onScheduleChanges(trx, changes, now)
          : { changed_bookings: [], disrupted_bookings: [] };
      const oversold = await deps.network.oversold(trx, now.slice(0, 10));
      await deps.audit.record(
        {
          action: 'flights.imported',
          after: {
            schedules: schedules.length,
            fares: fares.length,
            seat_maps: file.seat_maps?.length ?? 0,
            changed_bookings: told.changed_bookings.length,
            disrupted_bookings: told.disrupted_bookings.length,
          },
        },
        trx,
      );
      // The commit of a large import is one piece of work of its own (SQLite writes it synchronously).
      await yieldNow();
      return { oversold, told };
    });
    return {
      schedules: schedules.length,
      fares: fares.length,
      seat_maps: file.seat_maps?.length ?? 0,
      oversold: oversold.slice(0, 100),
      ...told,
    };
  };
}

export type NetworkImporter = ReturnType<typeof createNetworkImporter>;
