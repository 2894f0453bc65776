import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { createVersionedCache } from '../../../db/versioned-cache.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { FlightNetwork } from './flight-network.ts';
import type { NetworkRepository } from './network-repository.ts';

/**
 * The flight search index, rebuilt when schedules, fares, seat maps, cancellations or retimes change in any
 * process.
 */
export function createNetworkCache(db: Kysely<Database>, repo: NetworkRepository, catalogue: Catalogue) {
  return createVersionedCache(db, 'network', async (version) => {
    const [schedules, fares, cancellations, seatLayouts, retimes] = await Promise.all([
      repo.listActiveSchedules(),
      repo.listFares(),
      repo.listCancellations(),
      repo.listSeatLayouts(),
      repo.listRetimes(),
    ]);
    return new FlightNetwork(version, { schedules, fares, cancellations, seatLayouts, retimes }, catalogue);
  });
}

export type NetworkCache = ReturnType<typeof createNetworkCache>;
