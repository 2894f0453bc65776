import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { createVersionedCache } from '../../../db/versioned-cache.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { FareTable } from './fare-table.ts';
import { FlightNetwork } from './flight-network.ts';
import type { NetworkRepository } from './network-repository.ts';

/**
 * The flight search index, rebuilt when schedules, fares, seat maps, cancellations or retimes change in any
 * process.
 */
export function createNetworkCache(db: Kysely<Database>, repo: NetworkRepository, catalogue: Catalogue) {
  return createVersionedCache(
    db,
    'network',
    async (version) => {
      const fares = new FareTable((routes) => repo.faresOfRoutes(routes));
      const [schedules, cancellations, seatLayouts, retimes] = await Promise.all([
        repo.listActiveSchedules(),
        repo.listCancellations(),
        repo.listSeatLayouts(),
        repo.listRetimes(),
      ]);
      return new FlightNetwork(version, { schedules, fares, cancellations, seatLayouts, retimes }, catalogue);
    },
    (network) => network.schedules.size,
  );
}

export type NetworkCache = ReturnType<typeof createNetworkCache>;
