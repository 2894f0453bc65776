import type { Catalogue } from '../catalog/index.ts';
import { FlightNetwork } from './flight-network.ts';
import type { NetworkRepository } from './network-repository.ts';

/**
 * Keeps the search index current. Every write to schedules, fares or cancellations bumps a counter
 * in the database; each process polls it (once a second by default) and rebuilds when it moved, so a
 * change made through any process reaches every process's searches within about a second.
 */
export function createNetworkCache(repo: NetworkRepository, catalogue: Catalogue) {
  let network: FlightNetwork | undefined;
  let loading: Promise<FlightNetwork> | undefined;

  async function load(version: number): Promise<FlightNetwork> {
    const [schedules, fares, cancellations] = await Promise.all([
      repo.listActiveSchedules(),
      repo.listFares(),
      repo.listCancellations(),
    ]);
    return new FlightNetwork(version, { schedules, fares, cancellations }, catalogue);
  }

  async function refresh(): Promise<FlightNetwork> {
    const version = await repo.readVersion('network');
    if (network && network.version === version) return network;
    loading ??= load(version).finally(() => {
      loading = undefined;
    });
    network = await loading;
    return network;
  }

  return {
    /** The index, loading it on first use. */
    async current(): Promise<FlightNetwork> {
      return network ?? refresh();
    },
    refresh,
    /** Polls for changes until the returned function is called. */
    watch(intervalMs: number, onError: (error: unknown) => void): () => void {
      const timer = setInterval(() => {
        refresh().catch(onError);
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type NetworkCache = ReturnType<typeof createNetworkCache>;
