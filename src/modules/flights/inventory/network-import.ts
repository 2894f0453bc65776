import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion } from '../../../db/versioned-cache.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import type { Catalogue } from '../../catalog/index.ts';
import type { FareRow, NetworkRepository, OversoldFlight, ScheduleRow } from './network-repository.ts';
import { assertNetworkFile } from './network-validation.ts';

export interface ImportResult {
  schedules: number;
  fares: number;
  seat_maps: number;
  /** Flights from today on that now hold more seats sold than their new capacity (at most 100 listed). */
  oversold: OversoldFlight[];
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
}) {
  return async function importNetwork(
    file: unknown,
    onProgress?: (done: number, total: number) => void,
  ): Promise<ImportResult> {
    assertNetworkFile(file, deps.catalogue);
    const now = deps.clock.now().toISOString();
    const schedules: ScheduleRow[] = file.schedules.map((s) => ({
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
    const fares: FareRow[] = file.fares.map((f) => ({
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
      created_at: now,
      updated_at: now,
    }));
    const total = schedules.length + fares.length;
    let done = 0;
    const step = (n: number) => {
      done += n;
      onProgress?.(done, total);
    };
    const oversold = await deps.db.transaction().execute(async (trx) => {
      await deps.network.upsertSchedules(trx, schedules, step);
      await deps.network.upsertFares(trx, fares, step);
      await deps.network.upsertSeatLayouts(trx, file.seat_maps ?? [], now);
      await bumpVersion(trx, 'network');
      return deps.network.oversold(trx, now.slice(0, 10));
    });
    return {
      schedules: schedules.length,
      fares: fares.length,
      seat_maps: file.seat_maps?.length ?? 0,
      oversold: oversold.slice(0, 100),
    };
  };
}

export type NetworkImporter = ReturnType<typeof createNetworkImporter>;
