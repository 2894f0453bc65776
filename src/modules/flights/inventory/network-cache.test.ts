import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seedFlights } from '../../../../test/helpers/flights.ts';
import { buildTestApp, type TestApp, testCatalogue } from '../../../../test/helpers/test-app.ts';
import { createNetworkCache } from './network-cache.ts';
import { createNetworkRepository, type FareRoute } from './network-repository.ts';

describe('the flight network cache: fares read ahead', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
    await seedFlights(t);
  });
  after(() => t.close());

  /** The network repository, counting the routes of each fare read. */
  function counting() {
    const repo = createNetworkRepository(t.storage.db);
    const reads: number[] = [];
    const faresOfRoutes = (routes: readonly FareRoute[]) => {
      reads.push(routes.length);
      return repo.faresOfRoutes(routes);
    };
    return { repo: { ...repo, faresOfRoutes }, reads };
  }

  it('reads every route’s fares once built, at most 100 routes a read, so a search then reads none, the same as on demand', async () => {
    const warm = counting();
    const cache = createNetworkCache(t.storage.db, warm.repo, testCatalogue(), { warmFares: true });
    const network = await cache.current();
    await cache.faresRead();
    const schedules = [...network.schedules.values()];
    const routes = new Set(schedules.map((s) => `${s.carrier}|${s.origin.iata}|${s.destination.iata}`));
    assert.equal(
      warm.reads.reduce((n, r) => n + r, 0),
      routes.size,
      'every route read once',
    );
    assert.ok(
      warm.reads.every((n) => n <= 100),
      `batches: ${warm.reads.join(', ')}`,
    );
    const readsBefore = warm.reads.length;
    await network.loadFares(schedules);
    assert.equal(warm.reads.length, readsBefore, 'a search finds every fare in memory');

    const cold = counting();
    const onDemand = createNetworkCache(t.storage.db, cold.repo, testCatalogue());
    const other = await onDemand.current();
    await onDemand.faresRead();
    assert.deepEqual(cold.reads, [], 'nothing read ahead unless asked');
    await other.loadFares(other.schedules.values());
    for (const s of schedules)
      assert.deepEqual(network.faresFor(s, 'economy'), other.faresFor(other.schedules.get(s.id)!, 'economy'));
  });
});
