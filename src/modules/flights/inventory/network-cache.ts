import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { createVersionedCache } from '../../../db/versioned-cache.ts';
import { yieldNow } from '../../../shared/yield-now.ts';
import type { Catalogue } from '../../catalog/index.ts';
import { FareTable } from './fare-table.ts';
import { FlightNetwork, type Schedule, scheduleOf } from './flight-network.ts';
import type { FareRoute, NetworkRepository } from './network-repository.ts';

/** The change key of a carrier's route whose fares changed (what an import of fares alone logs). */
export const fareRouteKey = (r: FareRoute) => `fares:${r.carrier}|${r.origin}|${r.destination}`;

/** The route of a `fareRouteKey`, or undefined for any other key. */
function routeOfKey(key: string): FareRoute | undefined {
  const match = /^fares:([^|]+)\|([^|]+)\|([^|]+)$/.exec(key);
  return match ? { carrier: match[1]!, origin: match[2]!, destination: match[3]! } : undefined;
}

/**
 * The flight search index. A change to fares alone updates it in place: the routes changed are read
 * again when next searched, and everything else (schedules, the itineraries found through them) stays.
 * Schedules, seat maps, cancellations and retimes build it afresh (at world scale, half a second).
 */
export function createNetworkCache(
  db: Kysely<Database>,
  repo: NetworkRepository,
  catalogue: Catalogue,
  options: {
    /**
     * Whether each network built reads every route's fares in the background (`warmFares`): a server's;
     * tests and one-off commands read fares only as searches need them.
     */
    warmFares: boolean;
    /** Told when a warm-up stops short (storage closed or failing); searches read their fares themselves. */
    onWarmUpError?: (error: unknown) => void;
  } = { warmFares: false },
) {
  let warming: Promise<void> = Promise.resolve();
  const cache = createVersionedCache(db, 'network', {
    async load(version) {
      const fares = new FareTable((routes) => repo.faresOfRoutes(routes));
      const schedules: Schedule[] = [];
      for await (const page of repo.activeSchedulePages(2_500)) {
        await yieldNow();
        for (const row of page) {
          const schedule = scheduleOf(row, catalogue);
          if (schedule) schedules.push(schedule);
        }
      }
      const [cancellations, seatLayouts, retimes] = await Promise.all([
        repo.listCancellations(),
        repo.listSeatLayouts(),
        repo.listRetimes(),
      ]);
      const network = await FlightNetwork.build(version, {
        schedules,
        fares,
        cancellations,
        seatLayouts,
        retimes,
      });
      if (options.warmFares) warming = network.warmFares().catch((error) => options.onWarmUpError?.(error));
      return network;
    },
    entries: (network) => network.schedules.size,
    async update(network, changed, version) {
      const routes = [...changed].map(routeOfKey);
      if (!routes.every((r) => r !== undefined)) return false;
      network.faresChanged(routes as FareRoute[], version);
      return true;
    },
  });
  /** Resolves once the fares of the network last built are all read (at once when not warming up). */
  return Object.assign(cache, { faresRead: () => warming });
}

export type NetworkCache = ReturnType<typeof createNetworkCache>;
